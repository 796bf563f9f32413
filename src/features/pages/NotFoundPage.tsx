import { Link } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { MessagePage } from '../../components/Page/MessagePage';
import './pages.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Oops! Page Not Found' },
  text: { id: 'notFound.text', defaultMessage: 'Sorry, the page you are looking for does not exist.' },
  home: { id: 'notFound.home', defaultMessage: 'Go Back Home' },
});

export function NotFoundPage() {
  const say = useText();
  return (
    <MessagePage
      icon={
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
      }
      title={say(messages.title)}
      text={say(messages.text)}
    >
      <LinkButton size="lg" render={(props) => <Link to="/" {...props} />}>
        {say(messages.home)}
      </LinkButton>
    </MessagePage>
  );
}
