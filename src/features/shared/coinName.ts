import { settingsDefaults } from '../../../domain/settings';
import { useAppSelector } from '../app/AppActorContext';

const DEFAULT_NAME = settingsDefaults().internal_currency.name;

/** The store's name for its coins (settings.internal_currency.name; 'Coins' until the settings load). */
export function useCoinName(): string {
  return useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name ?? DEFAULT_NAME);
}
