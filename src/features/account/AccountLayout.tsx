import { Outlet } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'account.title', defaultMessage: 'My Profile' },
});

/** Only its heading until the issue that owns this screen lands. */
export function AccountLayout() {
  return (
    <>
      <HeadingOnlyPage title={messages.title} />
      <Outlet />
    </>
  );
}
