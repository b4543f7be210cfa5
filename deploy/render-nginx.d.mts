/** The path of deploy/nginx.conf, the template. */
export declare const NGINX_TEMPLATE: string;

/** deploy/nginx.conf with its placeholders filled (see render-nginx.mjs). */
export declare function renderNginxConf(options: {
  /** What nginx listens on: a port, or address:port. */
  listen: string | number;
  /** The site's host names; `_` (any) by default. */
  serverName?: string;
  /** The instances, as host:port. */
  instances: string[];
}): string;
