// Every API call goes through `api`. The axios instance behind it (bearer token, json-bigint,
// the one-time refresh retry: ./http) is fetched on the first call, in parallel with the
// page's own code, so the shell and skeletons paint before ~30 kB of HTTP code arrives.
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { ApiError, SERVER_UNREACHABLE } from './errors';

type Http = typeof import('./http')['http'];

let loading: Promise<Http> | undefined;

function http(): Promise<Http> {
  loading ??= import('./http').then(
    (module) => module.http,
    () => {
      // A failed chunk load (offline) must not stick: the next call tries again. Said like any
      // other failure to reach the server.
      loading = undefined;
      throw new ApiError(SERVER_UNREACHABLE);
    },
  );
  return loading;
}

export const api = {
  get: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).get<T>(url, config),
  delete: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).delete<T>(url, config),
  post: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).post<T>(url, data, config),
  put: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await http()).put<T>(url, data, config),
};
