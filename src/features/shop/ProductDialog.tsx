import { useState } from 'react';
import {
  Button,
  Dialog,
  Group,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  NumberField,
  Text,
} from 'react-aria-components';
import { defineMessages } from 'react-intl';
import { limitHint } from '../../../machines/cart';
import type { Product } from '../../../machines/shop';
import { buttonClass } from '../../components/Button/buttonClass';
import { SalePrice } from './SalePrice';
import './ProductDialog.css';
import { lineMaximum } from '../../../domain/cart';
import { CloseIcon } from '../../components/CloseIcon/CloseIcon';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  close: { id: 'shop.dialog.close', defaultMessage: 'Close' },
  quantity: { id: 'shop.dialog.quantity', defaultMessage: 'Quantity' },
  decrease: { id: 'shop.dialog.decrease', defaultMessage: 'Fewer' },
  increase: { id: 'shop.dialog.increase', defaultMessage: 'More' },
  add: { id: 'shop.card.add', defaultMessage: 'Add to cart' },
});

export interface ProductDialogProps {
  product: Product;
  onAdd: (count: number) => void;
  onClose: () => void;
}

/**
 * A product's details (docs/product.md §2 shop): larger image, description, price, quantity 1–99
 * (or up to the product's limits, named below it), Add to cart.
 */
export function ProductDialog({ product, onAdd, onClose }: ProductDialogProps) {
  const say = useText();
  const [count, setCount] = useState(1);
  const maximum = lineMaximum(product);
  const hint = limitHint(product);
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      className="product-dialog__overlay"
    >
      <Modal className="product-dialog">
        <Dialog className="product-dialog__dialog">
          <Button className="product-dialog__close" onPress={onClose} aria-label={say(messages.close)}>
            <CloseIcon />
          </Button>
          <img
            className="product-art product-dialog__image"
            src={product.img_url}
            alt=""
            width={480}
            height={480}
          />
          <div className="product-dialog__body">
            <Heading slot="title" className="product-dialog__title">
              {product.title}
            </Heading>
            <p className="product-dialog__description">{product.description}</p>
            <SalePrice product={product} size="lg" />
            <NumberField
              className="product-dialog__quantity"
              minValue={1}
              maxValue={maximum}
              step={1}
              value={count}
              onChange={(value) => setCount(Number.isFinite(value) ? Math.min(value, maximum) : 1)}
            >
              <Label>{say(messages.quantity)}</Label>
              <Group className="product-dialog__stepper">
                <Button slot="decrement" aria-label={say(messages.decrease)}>
                  −
                </Button>
                <Input />
                <Button slot="increment" aria-label={say(messages.increase)}>
                  +
                </Button>
              </Group>
              {hint && (
                <Text slot="description" className="product-dialog__limit">
                  {say(hint)}
                </Text>
              )}
            </NumberField>
            <button
              type="button"
              className={buttonClass('primary', 'lg', true)}
              onClick={() => {
                onClose();
                onAdd(count);
              }}
            >
              {say(messages.add)}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
