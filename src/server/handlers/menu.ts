import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';

// The menu is the largest answer and the most requested; the repository hands out one frozen object per
// menu version, so its JSON is written once per version instead of on every request (docs/benchmarks.md).
const serialisedMenus = new WeakMap<object, string>();

export const menuHandlers: Pick<HandlerMap, 'getMenu'> = {
  async getMenu(request, reply) {
    const menu = await request.server.repositories.menus.getMenu(request.params.menuId);
    if (!menu) throw new ApiError(404, 'Menu not found');
    const answer = { data: menu };
    let body = serialisedMenus.get(menu);
    if (body === undefined) {
      body = JSON.stringify(answer);
      serialisedMenus.set(menu, body);
    }
    const serialised = body;
    reply.serializer(() => serialised);
    return answer;
  },
};
