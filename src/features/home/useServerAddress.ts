import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { selectAddress } from '../../../machines/copyAddress';
import { useChild } from '../app/AppActorContext';

/** The game server's address (undefined until settings arrive) and COPY for the copy buttons. */
export function useServerAddress(): { address: string | undefined; copy: () => void } {
  const copyAddress = useChild('copyAddress');
  const address = useSelector(copyAddress, selectAddress);
  const copy = useCallback(() => copyAddress.send({ type: 'COPY' }), [copyAddress]);
  return { address, copy };
}
