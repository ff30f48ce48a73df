// Stylesheets are bundled as text for the renderer (scripts/bundle.mjs): it injects them itself.
declare module '*.css' {
  const text: string;
  export default text;
}
