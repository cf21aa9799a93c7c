import type { Menu } from '../db/repositories';
import { ApiError } from '../errors';
import type { ServiceContext } from './serviceContext';

// The customers' menu: one version, as published, with today's sold-out marks.

/** The menu version `menuId` (404 when there is none). */
export async function menuOf({ repositories }: ServiceContext, menuId: number): Promise<Menu> {
  const menu = await repositories.menus.getMenu(menuId);
  if (!menu) throw new ApiError(404, 'Menu not found');
  return menu;
}
