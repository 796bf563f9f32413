import { renderMermaidSVG } from 'beautiful-mermaid';

/**
 * The Mermaid diagram as a standalone SVG (beautiful-mermaid, no browser). The renderer adds an
 * `@import` of its font from Google Fonts; it is removed so the picture loads nothing from outside
 * (the text falls back to the system font), and the file ends with a newline like the others.
 */
export function renderSvg(mermaid: string): string {
  const svg = renderMermaidSVG(mermaid).replace(/^\s*@import url\([^)]*\);\n/gm, '');
  if (/@import|https?:\/\/(?!www\.w3\.org\/)/.test(svg)) {
    throw new Error('the rendered SVG still refers to an external resource');
  }
  return svg.endsWith('\n') ? svg : `${svg}\n`;
}
