/**
 * A short link's QR code as files (docs/decisions/0080-short-links.md, "QR codes"): drawn in the browser by
 * `qrcode.react` as SVG; the SVG is the vector file, and the PNG is that SVG painted on a canvas. No server route.
 */

/** Side of the PNG in pixels: sharp enough for print at about 8 cm. */
export const QR_PNG_SIZE = 1024;

/** The drawn SVG as a standalone file (with its namespace, so an image viewer opens it). */
export function svgFileOf(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}`;
}

/** The SVG painted on a white square canvas of `size` pixels, as a PNG. */
export function pngOf(svgFile: string, size = QR_PNG_SIZE): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size, size);
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, size, size);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png');
    };
    image.onerror = () => reject(new Error('the QR code could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgFile)}`;
  });
}

/** Saves a file the browser's way: a link with `download`, clicked. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
