import { callApi, type ApiClient } from '../../api/client';
import type { ApiResult } from '../../domain/apiErrors';
import type { components } from '../../api/schema.gen';

type Menu = components['schemas']['Menu'];

export type MenuRequest = Promise<ApiResult<Menu>>;

/** `GET /menu/getMenu/{menuId}`: asked for by `/order`'s loader while the screen's code downloads, and by the screen to try again. */
export function requestMenu(api: ApiClient, menuId: number, signal?: AbortSignal): MenuRequest {
  return callApi(api.GET('/menu/getMenu/{menuId}', { params: { path: { menuId } }, signal }), signal);
}
