// Stylesheets are imported for esbuild, which emits them as out/results-webview.css.
declare module '*.css';
