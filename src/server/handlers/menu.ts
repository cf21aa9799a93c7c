import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';

export const menuHandlers: Pick<HandlerMap, 'getMenu'> = {
  async getMenu(request) {
    const menu = await request.server.repositories.menus.getMenu(request.params.menuId);
    if (!menu) throw new ApiError(404, 'Menu not found');
    return { data: menu };
  },
};
