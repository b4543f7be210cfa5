import {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  refusal,
  type RequestOptions,
  requestHeaders,
  type UploadProgress,
} from "./api-client";

export type { UploadProgress };

// Uploads with progress, apart from ./api-client.ts: only the advertiser's pages send files, and the public pages'
// first load carries the API client without this.

export type UploadOptions = Pick<RequestOptions, "signal" | "skipAuthRedirect" | "token" | "headers"> & {
  method?: "POST" | "PUT";
  onProgress?: (progress: UploadProgress) => void;
};

function parseXhrBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if (!(xhr.getResponseHeader("content-type") ?? "").includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload that reports the bytes sent (fetch cannot) and stops on `signal` (rejecting with an
 * AbortError, as fetch does). Errors, the bearer and the 401 rule are those of apiRequest. An upload runs in the
 * page's own progress display, so it is never counted in the top progress bar.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { signal, onProgress, method = "POST" } = options;
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException("Envio cancelado.", "AbortError");
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    requestHeaders(options).forEach((value, key) => xhr.setRequestHeader(key, value));
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const finish = (settle: () => void) => {
      signal?.removeEventListener("abort", onAbort);
      settle();
    };
    xhr.onload = () =>
      finish(() => {
        const data = xhr.status === 204 ? undefined : parseXhrBody(xhr);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(refusal(xhr.status, data, options));
      });
    xhr.onerror = () => finish(() => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    xhr.onabort = () => finish(() => reject(aborted()));
    xhr.send(form);
  });
}
