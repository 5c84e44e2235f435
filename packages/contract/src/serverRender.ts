import type { CommonSettings } from './system.js';
import type { LanguageCode } from './languages.js';

/**
 * The contract between the server and the web app's server renderer (apps/web/src/entry-server.tsx,
 * built to apps/web/dist-server): the server hands over the request's facts and a way to reach
 * `/wps`, the renderer answers the first screen's markup and the state the browser hydrates it with.
 */

/** What the browser reads before hydrating, from `<script id="wps-state" type="application/json">`. */
export interface ServerRenderedState {
  merchantCode: string;
  language: LanguageCode;
  /**
   * The texts of `language` the rendered markup shows (message key → text): the browser loads the
   * rest of the catalog (listed with the page's scripts) before it hydrates.
   */
  catalog: Record<string, string>;
  settings: CommonSettings;
  /** Public query answers by query id (queries/store.ts), ready when the markup was made. */
  queries: Record<string, unknown>;
  /**
   * The merchant's maintenance window when the page was rendered inside one (the same for every
   * visitor, so the screen is the maintenance page); absent otherwise. The browser's own status check
   * still follows and has the last word.
   */
  maintenance?: { end: string | null };
}

/** The transport the renderer's `/wps` calls go through: in process, or to an upstream server. */
export type WpsFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface ServerRenderInput {
  /** The path and query under /m, e.g. `/m/home?affiliateCode=x`. */
  url: string;
  merchantCode: string;
  language: LanguageCode;
  fetch: WpsFetch;
}

export interface ServerRenderResult {
  /** The inner markup of `<div id="root">`. */
  html: string;
  state: ServerRenderedState;
}

export type RenderScreen = (input: ServerRenderInput) => Promise<ServerRenderResult>;

/** The id of the state's script element. */
export const SERVER_STATE_ELEMENT_ID = 'wps-state';
/**
 * The id of a rendered page's list of script files (`<script type="application/json">`, paths under
 * /m/assets/) that the entry preloads once the first screen has been shown, instead of the page
 * preloading them while the screen's HTML and images are still arriving.
 */
export const AFTER_PAINT_MODULES_ELEMENT_ID = 'wps-modules';
/** The source module of the map of language catalogs, as the web build's manifest names it. */
export const CATALOG_MAP_MODULE_SOURCE = 'src/i18n/bundledCatalogs.ts';
/**
 * The maintenance page's source module, as the web build's manifest names it: a page rendered inside
 * a maintenance window is that page, so its styles are the first screen's.
 */
export const MAINTENANCE_PAGE_MODULE_SOURCE = 'src/features/status/MaintenancePage.tsx';
