// jsPDF loads html2canvas, canvg and DOMPurify only for its html() and SVG
// drawing, which the business case's PDF never uses (it writes text and
// lines). The app build points those three imports here (vite.config.ts), so
// about 400 KB the app never runs is neither built nor stored by the service
// worker on every phone. Called anyway, it says so instead of failing silently.
export default function unavailable(): never {
  throw new Error('This PDF feature is not part of the app: it draws text and lines only.');
}
