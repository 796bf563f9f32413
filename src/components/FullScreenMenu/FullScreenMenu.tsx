import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './FullScreenMenu.css';
import { useText } from '../../i18n/useText';
import { CloseIcon } from '../CloseIcon/CloseIcon';

export interface FullScreenMenuProps {
  /** Open state, decided by the owner (the mobile-menu machine). */
  isOpen: boolean;
  /** The menu asks to close: Escape, the close button or a press outside. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  /** Hide the heading visually (it still names the dialog). */
  hideTitle?: boolean;
  children: ReactNode;
}

/**
 * A full-screen modal dialog for the narrow-screen menu. Focus is trapped inside while open and
 * returns to the menu button when it closes.
 */
export function FullScreenMenu({ isOpen, onClose, title, hideTitle = false, children }: FullScreenMenuProps) {
  const say = useText();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable
      className="fullscreen-menu__overlay"
    >
      <Modal className="fullscreen-menu">
        <Dialog className="fullscreen-menu__dialog">
          <div className="fullscreen-menu__top">
            <Heading slot="title" className={hideTitle ? 'visually-hidden' : 'fullscreen-menu__title'}>
              {title}
            </Heading>
            <Button
              className="fullscreen-menu__close"
              onPress={onClose}
              aria-label={say({ id: 'components.menu.close', defaultMessage: 'Close menu' })}
            >
              <CloseIcon />
            </Button>
          </div>
          <div className="fullscreen-menu__body">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
