import { publishedPage } from '../services/pages';
import type { HandlerMap } from './handlerTypes';

export const contentHandlers: Pick<HandlerMap, 'getPageData'> = {
  async getPageData(request) {
    return { data: await publishedPage(request.server, request.params.page) };
  },
};
