/** svg-to-pdfkit ships no types: the one function the document PDFs call (an SVG logo, docs/documents.md#pdf-documents). */
declare module 'svg-to-pdfkit' {
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; preserveAspectRatio?: string; assumePt?: boolean },
  ): void;
}
