import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { defineMessage, defineMessages, type MessageValue } from 'react-intl';
import { fullName } from '../../../machines/profile';
import type { UserProfile } from '../../../machines/shapes';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { ChunkBoundary } from '../../components/lazy/ChunkBoundary';
import { retryableLazy } from '../../components/lazy/lazyWithAriaLocale';
import { retryableImport } from '../../components/lazy/retryable';
import { Spinner } from '../../components/Spinner/Spinner';
import { formatJoinDate } from '../../i18n/dates';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { AccountSection } from './AccountSection';
import { profileFieldMessages } from './profileFieldMessages';

/**
 * The edit form comes with Edit: its phone field (libphonenumber) is most of the tab's weight, and
 * the view does not need it (docs/architecture.md §6, a route's own code ≤ 40 KB; `npm run size`).
 */
const loadProfileForm = retryableImport(() => import('./ProfileForm'));
const ProfileForm = retryableLazy(() => loadProfileForm().then((module) => module.ProfileForm));

const route = getRouteApi('/account/profile');

const messages = defineMessages({
  title: { id: 'account.profile.title', defaultMessage: 'Profile' },
  personal: { id: 'account.profile.personal', defaultMessage: 'Personal information' },
  edit: { id: 'account.profile.edit', defaultMessage: 'Edit' },
});
const joinedMessage = defineMessage<{ date: MessageValue }>({
  id: 'account.profile.joined',
  defaultMessage: 'Member since {date}',
});
const avatarMessage = defineMessage<{ name: MessageValue }>({
  id: 'account.profile.avatar',
  defaultMessage: 'Profile picture of {name}',
});

/** The profile tab (docs/product.md §2): avatar, full name, join date and the personal fields; Edit opens the form. */
export function ProfileTab() {
  const say = useText();
  const { locale } = useFormats();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const editing = useSelector(screen, (s) => !s.matches('viewing'));
  const profileActor = useChild('profile');
  const profile = useSelector(profileActor, (s) => s.context.profile);
  const error = useSelector(profileActor, (s) => s.context.error);

  const edit = profile && !editing && (
    <Button
      variant="secondary"
      size="sm"
      onHoverStart={() => void loadProfileForm()}
      onPress={() => screen.send({ type: 'EDIT', profile })}
    >
      {say(messages.edit)}
    </Button>
  );

  return (
    <AccountSection title={messages.title} actions={edit}>
      {!profile && error && <ErrorText>{text(error)}</ErrorText>}
      {!profile && !error && <Spinner size="lg" />}
      {profile && (
        <>
          <div className="profile-card">
            <Avatar profile={profile} label={say(avatarMessage, { name: fullName(profile) })} />
            <div>
              <p className="profile-card__name">{fullName(profile)}</p>
              <p className="profile-card__joined">
                {say(joinedMessage, {
                  date: formatJoinDate(profile.created_at, locale),
                })}
              </p>
            </div>
          </div>
          {editing ? (
            <ChunkBoundary>
              <Suspense fallback={<Spinner size="lg" />}>
                <ProfileForm screen={screen} />
              </Suspense>
            </ChunkBoundary>
          ) : (
            <ProfileFields profile={profile} />
          )}
        </>
      )}
    </AccountSection>
  );
}

function Avatar({ profile, label }: { profile: UserProfile; label: string }) {
  if (profile.avatarUrl) {
    return (
      <img className="profile-card__avatar" src={profile.avatarUrl} alt={label} width={72} height={72} />
    );
  }
  const initials = [profile.name, profile.surname]
    .map((part) => part.trim().charAt(0).toUpperCase())
    .join('');
  return (
    <span className="profile-card__avatar profile-card__avatar--initials" role="img" aria-label={label}>
      {initials}
    </span>
  );
}

function ProfileFields({ profile }: { profile: UserProfile }) {
  const say = useText();
  const rows = [
    [profileFieldMessages.name, profile.name],
    [profileFieldMessages.surname, profile.surname],
    [profileFieldMessages.email, profile.email],
    [profileFieldMessages.phone, profile.phone],
    [profileFieldMessages.address, profile.address ?? ''],
    [profileFieldMessages.city, profile.city],
    [profileFieldMessages.country, profile.country?.name ?? ''],
    [profileFieldMessages.postCode, profile.post_code ?? ''],
    [profileFieldMessages.player, profile.player ?? ''],
  ] as const;
  return (
    <>
      <h3 className="profile-fields__title">{say(messages.personal)}</h3>
      <dl className="profile-fields">
        {rows.map(([label, value]) => (
          <div key={label.id} className="profile-fields__row">
            <dt>{say(label)}</dt>
            <dd>{value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
