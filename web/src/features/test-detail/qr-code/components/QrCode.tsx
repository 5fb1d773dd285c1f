import { DownloadIcon } from "lucide-react";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { downloadFile, qrImage, qrPngFile, qrSvgFile } from "@/features/test-detail/qr-code/qr-image";
import { toast } from "@/lib/toast";

interface QrCodeProps {
  link: string;
  /** Names the downloaded files. */
  slug: string;
}

/** The split link as a QR code: a scan is an ordinary visit of the link. Default export: loaded lazily. */
export default function QrCode({ link, slug }: QrCodeProps) {
  const image = useMemo(() => qrImage(link), [link]);
  const filename = `splitlink-${slug}-qr`;

  async function downloadPng() {
    try {
      downloadFile(await qrPngFile(image), `${filename}.png`);
    } catch (error) {
      console.warn("Could not make the PNG", error);
      toast.error("Failed to create the PNG");
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start" data-testid="qr-code">
      <svg
        role="img"
        aria-label={`QR code for ${link}`}
        viewBox={`0 0 ${image.size} ${image.size}`}
        shapeRendering="crispEdges"
        className="size-40 shrink-0 rounded-lg border bg-white"
      >
        <path d={image.path} fill="#000" />
      </svg>
      <div className="grid gap-3">
        <p className="text-muted-foreground text-sm">
          QR code: print it or put it on a slide. A scan opens your split link and counts as a click.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() =>
              downloadFile(new Blob([qrSvgFile(image)], { type: "image/svg+xml" }), `${filename}.svg`)
            }
          >
            <DownloadIcon aria-hidden />
            Download SVG
          </Button>
          <Button variant="outline" onClick={downloadPng}>
            <DownloadIcon aria-hidden />
            Download PNG
          </Button>
        </div>
      </div>
    </div>
  );
}
