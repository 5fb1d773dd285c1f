// Draws the app icons in web/public from favicon.svg with the tests' Chromium: favicon.ico (32 px),
// apple-touch-icon.png (180 px) and the web manifest's 192 and 512 px icons, full squares that
// home screens round themselves. Run it after changing favicon.svg: `node scripts/make-icons.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumPath } from "../tests/e2e/chromium-path.ts";

const PUBLIC = "web/public";
const svg = readFileSync(`${PUBLIC}/favicon.svg`, "utf8");
const square = svg.replace(' rx="8"', "");

/** A PNG in an ICO container, which every browser reads. */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image starts after this header
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  const draw = async (image: string, size: number): Promise<Buffer> => {
    await page.setViewportSize({ width: size, height: size });
    const html = `<body style="margin:0"><img src="data:image/svg+xml,${encodeURIComponent(image)}" width="${size}" height="${size}" style="display:block"></body>`;
    await page.setContent(html);
    return page.screenshot({ omitBackground: true });
  };
  writeFileSync(`${PUBLIC}/favicon.ico`, ico(await draw(svg, 32), 32));
  writeFileSync(`${PUBLIC}/apple-touch-icon.png`, await draw(square, 180));
  for (const size of [192, 512]) writeFileSync(`${PUBLIC}/icon-${size}.png`, await draw(square, size));
  console.log(`wrote favicon.ico, apple-touch-icon.png, icon-192.png and icon-512.png in ${PUBLIC}`);
} finally {
  await browser.close();
}
