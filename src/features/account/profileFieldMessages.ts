import { defineMessages } from 'react-intl';

/** The profile's field labels (docs/product.md §2 "Profile tab"), shared by the view and the edit form. */
export const profileFieldMessages = defineMessages({
  name: { id: 'auth.field.firstName', defaultMessage: 'First Name' },
  surname: { id: 'auth.field.lastName', defaultMessage: 'Last Name' },
  email: { id: 'auth.field.email', defaultMessage: 'Email' },
  phone: { id: 'auth.field.phone', defaultMessage: 'Phone Number' },
  address: { id: 'account.field.address', defaultMessage: 'Address' },
  city: { id: 'auth.field.city', defaultMessage: 'City' },
  country: { id: 'auth.field.country', defaultMessage: 'Country' },
  countryPlaceholder: { id: 'auth.field.countryPlaceholder', defaultMessage: 'Start typing a country' },
  postCode: { id: 'account.field.postCode', defaultMessage: 'Zip Code' },
  player: { id: 'account.field.player', defaultMessage: 'Player name' },
  playerHint: {
    id: 'account.field.player.hint',
    defaultMessage: 'Your in-game name: checkout suggests it for items delivered in game.',
  },
});
