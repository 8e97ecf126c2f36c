import type { ShortLink } from '@relaycast/shared/short-links';
import { QrCode } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showError } from '@/lib/show-error';
import { downloadFile, pngOf, svgFileOf } from '../qr-image';

/** The file name of a link's QR code: its code, so two downloads never overwrite each other. */
export function qrFileName(link: Pick<ShortLink, 'code'>, extension: 'png' | 'svg'): string {
  return `qr-${link.code}.${extension}`;
}

/** "QR code": the short URL's QR code in a dialog, downloadable as PNG and SVG. */
export function LinkQrCode({ link }: { link: ShortLink }) {
  const { t } = useTranslation('short-links');
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  function svgFile(): string | null {
    const svg = frame.current?.querySelector('svg');
    return svg ? svgFileOf(svg) : null;
  }

  function downloadSvg() {
    const file = svgFile();
    if (file) downloadFile(new Blob([file], { type: 'image/svg+xml' }), qrFileName(link, 'svg'));
  }

  async function downloadPng() {
    const file = svgFile();
    if (!file) return;
    try {
      downloadFile(await pngOf(file), qrFileName(link, 'png'));
    } catch (error) {
      showError(error, t('The QR code could not be saved as PNG. Try SVG.'));
    }
  }

  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        <QrCode aria-hidden="true" />
        {t('QR code')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('QR code')} description={link.shortUrl}>
        {open ? (
          <div className="grid justify-items-center gap-4">
            <div ref={frame} className="rounded-md bg-white p-2">
              <QRCodeSVG
                value={link.shortUrl}
                size={240}
                marginSize={4}
                level="M"
                title={t('QR code for {{link}}', { link: link.shortUrl })}
              />
            </div>
            <div className="flex flex-wrap justify-center gap-2">
              <Button type="button" size="sm" onClick={() => void downloadPng()}>
                {t('Download PNG')}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={downloadSvg}>
                {t('Download SVG')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}
