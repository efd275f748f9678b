import { ApiError, toApiError } from './api-error';
import { API_BASE } from './http';
import { readToken } from './token-storage';

/**
 * A file as a request's whole body, by XMLHttpRequest: fetch reports no upload progress. The plugin UIs' `api.upload`
 * (a file list's attachment). An expired session answers as any call does: the shell's next call refreshes it.
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  opts: { query?: Record<string, string>; onProgress?(share: number): void } = {},
): Promise<T> {
  const qs = new URLSearchParams(opts.query ?? {}).toString();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}${qs ? `?${qs}` : ''}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, null, null, 'Network error'));
    xhr.onload = () => {
      const res = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } else void toApiError(res).then(reject);
    };
    xhr.send(file);
  });
}
