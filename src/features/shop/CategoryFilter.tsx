import type { Key } from 'react-aria-components';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { ProductCategory } from '../../../machines/shop';

/** The 'All' choice's key: never a category slug (slugs are lower-case letters, digits and '-'). */
const ALL = '*';

interface CategoryFilterProps {
  categories: ProductCategory[];
  /** The category shown; undefined is 'All'. */
  selected: string | undefined;
  label: string;
  allLabel: string;
  onChoose: (category: string | undefined) => void;
}

/**
 * The shop's category filter: one pressed choice, 'All' first, the categories titled as the server
 * sends them. Arrow keys move between the choices (react-aria's toggle button group).
 */
export function CategoryFilter({ categories, selected, label, allLabel, onChoose }: CategoryFilterProps) {
  const choose = (keys: Set<Key>) => {
    const [key] = keys;
    if (key !== undefined) onChoose(key === ALL ? undefined : String(key));
  };
  return (
    <ToggleButtonGroup
      aria-label={label}
      className="shop__categories"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selected ?? ALL]}
      onSelectionChange={choose}
    >
      <ToggleButton id={ALL} className="shop__category">
        {allLabel}
      </ToggleButton>
      {categories.map((category) => (
        <ToggleButton key={category.slug} id={category.slug} className="shop__category">
          {category.title}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
