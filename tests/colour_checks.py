"""Oracles for ink and colour tests, written from the standards, not from
printkit's code: ink coverage of rasterised pages, WCAG 2 contrast,
CIEDE2000 colour difference, colour-vision-deficiency simulation
(colorspacious, Machado et al. 2009, severity 100) and greyscale.

Colours are sRGB tuples of 0–255 numbers (means of rendered pixels).
"""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

#: The conditions a colour-coded pair must survive, besides normal vision.
CONDITIONS = ("greyscale", "deuteranomaly", "protanomaly", "tritanomaly")
#: The smallest CIEDE2000 difference that counts as distinguishable.
MIN_DELTA_E = 10.0


def rasterise(pdf: Path, out: Path, dpi: int = 20, first: int | None = None, last: int | None = None) -> list[Path]:
    """pdftoppm's RGB pictures of ``pdf`` at ``dpi`` (PPM files: the same pixels as its
    ``-png``, without the 0.5 s of PNG compression a 200 dpi page costs), in page order."""
    out.mkdir(parents=True, exist_ok=True)
    cmd = ["pdftoppm", "-r", str(dpi)]
    if first:
        cmd += ["-f", str(first)]
    if last:
        cmd += ["-l", str(last)]
    subprocess.run(cmd + [str(pdf), str(out / "p")], check=True, capture_output=True, timeout=300)
    return sorted(out.glob("p-*.ppm"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def ink(png: Path) -> float:
    """Ink coverage of one page picture (:func:`rasterise`'s; see :func:`ink_of`)."""
    with Image.open(png) as img:
        return ink_of(img)


def _linear(c: np.ndarray) -> np.ndarray:
    """Linear light of sRGB channel values scaled to 0–1 (IEC 61966-2-1)."""
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


#: :func:`_linear` of each 8-bit channel value (0–255): a rendered page's pixels are looked up,
#: the same numbers as worked out pixel by pixel.
_LINEAR_8BIT = _linear(np.arange(256, dtype=np.float64) / 255.0)


def lightness(rgb) -> np.ndarray:
    """CIE L* (0–100) of sRGB pixels (0–255, any shape ending in 3): Rec. 709
    luminance of linear light, then the CIE lightness curve."""
    rgb = np.asarray(rgb)
    lin = _LINEAR_8BIT[rgb] if rgb.dtype == np.uint8 else _linear(np.asarray(rgb, dtype=np.float64) / 255.0)
    y = lin @ np.array([0.2126, 0.7152, 0.0722])
    return np.where(y > 216 / 24389, 116 * np.cbrt(y) - 16, y * 24389 / 27)


def ink_of(img: Image.Image) -> float:
    """Ink coverage of one rendered page: the mean of 1 − lightness (CIE
    L*/100, so a mid grey counts as half ink), 0 white, 1 black."""
    return float(1.0 - (lightness(np.asarray(img.convert("RGB"))) / 100.0).mean())


def relative_luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0–255)."""
    def lin(c):
        c = c / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(float(c)) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two sRGB colours, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _lab(rgb) -> tuple[float, float, float]:
    from colorspacious import cspace_convert
    arr = np.clip(np.asarray(rgb[:3], dtype=np.float64) / 255.0, 0, 1)
    lab = cspace_convert(arr, "sRGB1", "CIELab")
    return float(lab[0]), float(lab[1]), float(lab[2])


def ciede2000(lab1, lab2) -> float:
    """CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cbar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp, dCp = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lbp, Cbp = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbp = (h1p + h2p + 360) / 2
    else:
        hbp = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    dtheta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    sc = 1 + 0.045 * Cbp
    sh = 1 + 0.015 * Cbp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh))


def seen_as(rgb, condition: str) -> tuple[float, float, float]:
    """``rgb`` as seen under ``condition`` (one of :data:`CONDITIONS`, or
    ``"normal"``), as an sRGB 0–255 tuple."""
    from colorspacious import cspace_convert
    arr = np.clip(np.asarray(rgb[:3], dtype=np.float64) / 255.0, 0, 1)
    if condition == "normal":
        out = arr
    elif condition == "greyscale":
        y = _lab(rgb)[0]
        out = np.clip(cspace_convert([y, 0.0, 0.0], "CIELab", "sRGB1"), 0, 1)
    else:
        space = {"name": "sRGB1+CVD", "cvd_type": condition, "severity": 100}
        out = np.clip(cspace_convert(arr, space, "sRGB1"), 0, 1)
    return tuple(float(v) * 255.0 for v in out)


def delta_e(a, b, condition: str = "normal") -> float:
    """CIEDE2000 between two sRGB colours as seen under ``condition``."""
    return ciede2000(_lab(seen_as(a, condition)), _lab(seen_as(b, condition)))


def worst_delta_e(a, b) -> tuple[float, str]:
    """The smallest CIEDE2000 difference of ``a`` and ``b`` over normal
    vision and every one of :data:`CONDITIONS`, and where it occurs."""
    return min((delta_e(a, b, c), c) for c in ("normal",) + CONDITIONS)


def mean_colour(png: Path, box: tuple[int, int, int, int] | None = None) -> tuple[float, float, float]:
    """Mean sRGB colour of a PNG (or of ``box`` = left, top, right, bottom px)."""
    img = Image.open(png).convert("RGB")
    if box:
        img = img.crop(box)
    arr = np.asarray(img, dtype=np.float64).reshape(-1, 3)
    return tuple(float(v) for v in arr.mean(axis=0))


def symbol_difference(a: Image.Image, b: Image.Image) -> float:
    """How differently two same-size pictures are drawn once colour is gone:
    each is turned to greyscale and cut at its own middle grey (Otsu-like:
    the mean of its darkest and lightest tenth), and the share of pixels
    where the two black-and-white masks differ is returned (0 = same shape)."""
    def mask(img):
        g = np.asarray(img.convert("L"), dtype=np.float64)
        lo, hi = np.percentile(g, 10), np.percentile(g, 90)
        return g < (lo + hi) / 2 if hi - lo > 8 else np.zeros_like(g, dtype=bool)
    ma, mb = mask(a), mask(b)
    return float((ma ^ mb).mean())


def ground(pixels: np.ndarray, fill: np.ndarray) -> np.ndarray | None:
    """The ground around a glyph, sRGB 0–255: the mean of the commonest colour
    (quantised to 8 levels a channel; on a tie, the one met first row by row)
    among ``pixels`` (H×W×3 or N×3) far from the glyph's own ``fill``
    (channel distances summing over 90); None with fewer than 4 such pixels."""
    flat = pixels.reshape(-1, 3).astype(np.int32)
    far = flat[np.abs(flat - fill).sum(axis=1) > 90]
    if len(far) < 4:
        return None
    codes = (far // 32) @ np.array([64, 8, 1])
    counts = np.bincount(codes, minlength=512)      # a count per bucket: no sort (np.unique's)
    most = np.flatnonzero(counts == counts.max())
    kind = most[0] if len(most) == 1 else codes[np.isin(codes, most)][0]    # a tie: the first met
    return far[codes == kind].mean(axis=0)
