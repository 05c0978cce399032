"""The README's picture of the page: build/web/index.html in Debian's chromium (a 640x480
window, the title after 40 frames), saved as docs/screenshots/web-page.png.
Run: python -m generator.dev.web_screenshot [PAGE] [OUT] (after `make web`)."""
from __future__ import annotations

import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")


def main(argv: list[str]) -> None:
    page_file = Path(argv[0] if argv else "build/web/index.html")
    out = Path(argv[1] if len(argv) > 1 else "docs/screenshots/web-page.png")
    if not page_file.exists():
        print(f"web screenshot: no {page_file} (make web)", file=sys.stderr)
        sys.exit(1)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 640, "height": 480})
        page.goto(page_file.resolve().as_uri())
        page.evaluate("pico8.ready")
        page.evaluate("pico8.reset({seed: 0, cartdata: null}).then(() => pico8.step(40, 0))")
        page.screenshot(path=str(out))
        browser.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
