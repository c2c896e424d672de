// Build-time pre-rendering (vite.config.ts runs it after the client build). Each public page is
// rendered in Node as a first-time visitor sees it before any data arrives: the header, the
// page's heading, text and controls, and the skeletons where data will go. The server puts that
// HTML into index.html for the page's path, so a phone paints the page from the HTML alone,
// before the JavaScript has loaded; src/app/boot.tsx then hydrates it (or renders afresh, see there).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppContent } from './app/App';
import { prerenderedPaths } from './app/route-table';
import { pageTitle } from './components/page/PageHeading';
import { PRODUCT_NAME } from './lib/brand';

/** The pages with the same first screen for every visitor (marked in src/app/route-table.ts). */
export const PRERENDERED_PATHS = prerenderedPaths();

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document title the page sets once running. */
  title: string;
}

const decode = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

/** The tree src/app/boot.tsx hydrates, with the router fixed on `path`. */
export const prerenderTree = (path: string) => (
  <StrictMode>
    <StaticRouter location={path}>
      <AppContent />
    </StaticRouter>
  </StrictMode>
);

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  // A lazy part of the page that has not loaded yet comes out as its loading fallback, marked for
  // the browser to render (<!--$!-->). Rendering starts its loading, so render again until the
  // whole page is in the HTML. (Streaming renderers would wait, but reveal late parts with inline
  // scripts, which the Content-Security-Policy forbids.)
  for (let attempt = 1; ; attempt++) {
    const html = renderToString(prerenderTree(path));
    if (!html.includes('<!--$!-->')) {
      if (/<script|<template/i.test(html)) throw new Error(`Pre-rendering ${path} left an inline script or template`);
      const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
      return { html, title: heading ? pageTitle(decode(heading)) : PRODUCT_NAME };
    }
    // Up to about 10 s: on a loaded build machine a chunk can take longer than half a second.
    if (attempt === 400) throw new Error(`Pre-rendering ${path}: a lazy part did not load`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
