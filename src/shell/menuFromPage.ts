import type { components } from '../api/schema.gen';

type Menu = components['schemas']['Menu'];

/**
 * The menu the site's HTML brought for a first load at `/order` (src/domain/bootData.ts), given to the first request for
 * that menu only: a later visit asks the API, since the restaurant may have changed the menu meanwhile.
 */
export interface MenuFromPage {
  take(menuId: number): Menu | undefined;
}

export function createMenuFromPage(brought: Menu | undefined): MenuFromPage {
  let unused = brought;
  return {
    take(menuId) {
      const menu = unused?.menuId === menuId ? unused : undefined;
      unused = undefined;
      return menu;
    },
  };
}
