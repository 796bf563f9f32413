import type { MessageDescriptor } from 'react-intl';
import { FormattedMessage } from 'react-intl';
import './pages.css';

/** A screen that is only its heading for now (SPEC §2 placeholders, and screens later issues own). */
export function HeadingOnlyPage({ title }: { title: MessageDescriptor & { id: string } }) {
  return (
    <main className="page">
      <h1>
        <FormattedMessage {...title} />
      </h1>
    </main>
  );
}
