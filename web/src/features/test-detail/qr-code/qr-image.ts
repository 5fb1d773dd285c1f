import { encodeQR } from "qr";

/** Light modules around the code, as the QR standard asks, so scanners find its edges. */
const QUIET_ZONE = 4;
/** The PNG is at least this wide: sharp in print and on slides. */
const MIN_PNG_SIZE = 1024;

export interface QrImage {
  /** Modules per side, quiet zone included. */
  size: number;
  /** One SVG path drawing every dark module. */
  path: string;
  /** Rows of modules, quiet zone included; true is dark. */
  dark: boolean[][];
}

/** The QR code of the text (error correction M: survives smudges, stays small for a link). */
export function qrImage(text: string): QrImage {
  const dark = encodeQR(text, "raw", { ecc: "medium", border: QUIET_ZONE });
  let path = "";
  dark.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size: dark.length, path, dark };
}

/** A standalone SVG file of the code: black on white, crisp at any size. */
export function qrSvgFile({ size, path }: QrImage): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** A PNG of the code, drawn module by module on a canvas (no image loading, so the CSP is untouched). */
export function qrPngFile({ size, dark }: QrImage): Promise<Blob> {
  const scale = Math.ceil(MIN_PNG_SIZE / size);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size * scale;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("This browser cannot draw on a canvas"));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  dark.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) context.fillRect(x * scale, y * scale, scale, scale);
    });
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The PNG could not be made"))),
      "image/png",
    ),
  );
}

/** Saves the blob as a file through the browser's download. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
