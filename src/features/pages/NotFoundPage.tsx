import { Link } from '@tanstack/react-router';
import { defineMessages, FormattedMessage } from 'react-intl';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import '../../components/Page/Page.css';
import './pages.css';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Oops! Page Not Found' },
  text: { id: 'notFound.text', defaultMessage: 'Sorry, the page you are looking for does not exist.' },
  home: { id: 'notFound.home', defaultMessage: 'Go Back Home' },
});

export function NotFoundPage() {
  return (
    <main className="page page--centered">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>
        <FormattedMessage {...messages.title} />
      </h1>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <LinkButton size="lg" render={(props) => <Link to="/" {...props} />}>
        <FormattedMessage {...messages.home} />
      </LinkButton>
    </main>
  );
}
