import { memo, useId, useState } from 'react';
import type { components } from '../../api/schema.gen';
import { DishPhoto } from './DishPhoto';
import classes from './MenuItemCard.module.css';
import { allergenName, dietaryName } from '../../domain/menuLabels';
import { formatPounds } from '../../domain/money';

type MenuItem = components['schemas']['MenuItem'];
type ConfigItem = components['schemas']['ConfigItem'];

export const menuItemHeadingId = (itemId: number) => `menu-item-${itemId}`;
export const menuItemAddButtonId = (itemId: number) => `menu-item-${itemId}-add`;

// `available` is false while the kitchen has the option sold out today; older answers leave it out.
const isOffered = (option: ConfigItem) => option.available !== false;

function optionLabel(option: ConfigItem): string {
  const named = option.extraCost > 0 ? `${option.configItem} (+${formatPounds(option.extraCost)})` : option.configItem;
  return isOffered(option) ? named : `${named}, sold out today`;
}

/**
 * One dish: its price, options with their extra cost, and its allergens and dietary labels in plain sight,
 * because UK distance-selling rules want allergen information before the customer commits to buy.
 * Plain elements rather than Mantine components, and memoised: the menu renders 94 of these on a phone,
 * and adding a dish to the basket must not render them all again.
 */
export const MenuItemCard = memo(function MenuItemCard({
  item,
  onAdd,
  photoInFirstView = false,
}: {
  item: MenuItem;
  onAdd: (item: MenuItem, option: ConfigItem | undefined) => void;
  /** Its photo is on screen when the menu opens, so it loads at once rather than lazily. */
  photoInFirstView?: boolean;
}) {
  const [chosenConfigId, setChosenConfigId] = useState((item.configItems.find(isOffered) ?? item.configItems[0])?.configId);
  const chosenOption = item.configItems.find((option) => option.configId === chosenConfigId);
  const soldOut = chosenOption !== undefined && !isOffered(chosenOption);
  const headingId = menuItemHeadingId(item.itemId);
  const optionSelectId = useId();

  return (
    <article className={item.photo ? `${classes.card} ${classes.withPhoto}` : classes.card} aria-labelledby={headingId}>
      {item.photo && <DishPhoto photo={item.photo} className={classes.photo} eager={photoInFirstView} />}
      <div className={classes.header}>
        <div>
          {/* The number stays out of the heading, which names the dish's card: the dish is its title. */}
          <div className={classes.titleLine}>
            {item.menuNumber && <span className={`${classes.title} ${classes.number}`}>{`${item.menuNumber}.`}</span>}
            <h3 className={classes.title} id={headingId}>
              {item.title}
            </h3>
          </div>
          {item.chineseName && (
            <p className={classes.chineseName} lang={item.chineseScript ?? 'zh-Hans'}>
              {item.chineseName}
            </p>
          )}
        </div>
        <p className={classes.price}>{formatPounds(item.itemCost + (chosenOption?.extraCost ?? 0))}</p>
      </div>
      {item.description && <p className={classes.text}>{item.description}</p>}
      {item.extendedDescription && <p className={classes.dimmed}>{item.extendedDescription}</p>}
      {item.dietary.length > 0 && (
        <div className={classes.labels}>
          {item.dietary.map((label) => (
            <span key={label} className={label === 'vegetarian' || label === 'vegan' ? classes.plantBased : classes.label}>
              {dietaryName(label)}
            </span>
          ))}
        </div>
      )}
      <p className={classes.allergens}>
        {item.allergens.length > 0 ? `Allergens: ${item.allergens.map(allergenName).join(', ')}` : 'No listed allergens'}
      </p>
      {item.available ? (
        <div className={classes.actions}>
          {item.configItems.length > 0 && (
            <div className={classes.option}>
              <label className={classes.optionLabel} htmlFor={optionSelectId}>{`Option for ${item.title}`}</label>
              <select
                id={optionSelectId}
                className={classes.select}
                value={String(chosenConfigId)}
                onChange={(event) => setChosenConfigId(Number(event.currentTarget.value))}
              >
                {item.configItems.map((option) => (
                  <option key={option.configId} value={String(option.configId)} disabled={!isOffered(option)}>
                    {optionLabel(option)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button
            type="button"
            id={menuItemAddButtonId(item.itemId)}
            className={classes.add}
            onClick={() => onAdd(item, chosenOption)}
            disabled={soldOut}
            aria-label={`Add ${item.title} to order`}
          >
            Add
          </button>
        </div>
      ) : (
        <p className={classes.unavailable}>Not available at the moment</p>
      )}
    </article>
  );
});
