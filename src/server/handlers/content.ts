import { ApiError } from '../errors';
import type { HandlerMap } from './handlerTypes';

export const contentHandlers: Pick<HandlerMap, 'getPageData'> = {
  async getPageData(request) {
    const page = await request.server.repositories.pages.getPage(request.params.page);
    if (!page) throw new ApiError(404, 'Page not found');
    return { data: page };
  },
};
