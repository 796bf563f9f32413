import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import type { Product } from '../../../machines/shop';
import { ChunkBoundary } from '../../components/lazy/ChunkBoundary';
import { lazyWithAriaLocale } from '../../components/lazy/lazyWithAriaLocale';
import type { ProductDialogProps } from './ProductDialog';

const route = getRouteApi('/shop');

/** The dialog's code (react-aria Modal and NumberField) loads only when a product is opened. */
const dialog = lazyWithAriaLocale<ProductDialogProps>(() =>
  import('./ProductDialog').then((module) => module.ProductDialog),
);

export interface ProductDialogSlotProps {
  products: readonly Product[];
  onAdd: (productId: number, count: number) => void;
}

/**
 * The details of the product named by `?product=<id>` (reload, back/forward and shared links open
 * it); closing drops the value from the address.
 */
export function ProductDialogSlot({ products, onAdd }: ProductDialogSlotProps) {
  const productId = route.useSearch({ select: (search) => search.product });
  const navigate = route.useNavigate();
  const product = products.find((candidate) => candidate.id === productId);
  if (product === undefined) return null;
  return (
    // Without its code the product's details say so beside the list, with a Retry.
    <ChunkBoundary retryOn={product.id}>
      <Suspense fallback={null}>
        <dialog.Lazy
          product={product}
          onAdd={(count) => onAdd(product.id, count)}
          onClose={() =>
            void navigate({ search: (previous) => ({ ...previous, product: undefined }), resetScroll: false })
          }
        />
      </Suspense>
    </ChunkBoundary>
  );
}
