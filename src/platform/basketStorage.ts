/**
 * Where the basket's statechart snapshot is kept between visits. The version is in the key: a change to the
 * basket statechart's shape moves to a new key, so an old snapshot is never read as a new one.
 */
export const BASKET_STORAGE_KEY = 'takeaway.basket.v1';

export interface BasketStorage {
  /** The saved snapshot as stored (not yet checked), or undefined when there is none or it is not JSON. */
  load(): unknown;
  save(snapshot: unknown): void;
  clear(): void;
}

export function createBasketStorage(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = globalThis.localStorage,
  key: string = BASKET_STORAGE_KEY,
): BasketStorage {
  return {
    load() {
      try {
        const text = storage.getItem(key);
        return text === null ? undefined : (JSON.parse(text) as unknown);
      } catch {
        return undefined;
      }
    },
    save(snapshot) {
      try {
        storage.setItem(key, JSON.stringify(snapshot));
      } catch (error) {
        // A full or disabled storage costs the customer only the reload survival, never the order itself.
        console.warn('The basket could not be saved for the next visit', error);
      }
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
