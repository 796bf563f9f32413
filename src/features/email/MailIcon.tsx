import { PageIcon } from '../../components/Page/PageIcon';

/** An envelope above the email pages' headings. Decorative. */
export function MailIcon() {
  return (
    <PageIcon className="email-page__icon">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </PageIcon>
  );
}
