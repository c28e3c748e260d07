"""ArchéoTREK's own icons, drawn in code with reportlab: bone, skull, skeleton, trowel.

Same conventions as :mod:`printkit.render.icons`: centred on ``(x, y)``,
fitting a square of side ``size`` (pt), colours supplied by the caller,
graphics state saved and restored.  :data:`DECK_ICONS` offers them to
``printkit deck`` layouts (``type = "icon"``, ``name = "bone"``) through the
game contract.
"""

from __future__ import annotations

from typing import Any

from printkit.gamekit import check_size as _check

def bone(c: Any, x: float, y: float, size: float, fill: Any, stroke: Any = None,
         stroke_width: float = 0.0, angle: float = 0.0) -> None:
    """A cartoon bone: a shaft with two rounded knuckles at each end.

    ``size`` (pt) is the bone's length; its thickness is about 0.4 × size.
    ``angle``: rotation in degrees, counter-clockwise (0 = horizontal).
    ``stroke``: optional outline colour, ``stroke_width`` pt wide, drawn
    outside the silhouette (the union of the parts, no inner seams).
    """
    _check(size)
    knob = size * 0.105         # knuckle radius
    half = size / 2 - knob      # knuckle centre distance from the middle (x)
    spread = knob * 0.95        # knuckle centre offset (y)
    shaft = size * 0.085        # half thickness of the shaft

    def silhouette(pad: float) -> None:
        c.rect(-half, -shaft - pad, 2 * half, 2 * (shaft + pad), stroke=0, fill=1)
        for kx in (-half, half):
            for ky in (-spread, spread):
                c.circle(kx, ky, knob + pad, stroke=0, fill=1)

    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    if stroke is not None and stroke_width > 0:
        c.setFillColor(stroke)
        silhouette(stroke_width)
    c.setFillColor(fill)
    silhouette(0.0)
    c.restoreState()


def skull(c: Any, x: float, y: float, size: float, fill: Any, holes: Any,
          stroke: Any = None, stroke_width: float = 0.0) -> None:
    """A friendly skull: rounded cranium, jaw with teeth, eye and nose holes.

    ``size`` (pt): overall height; width is 0.8 × size.  ``holes``: colour of
    the eyes, nose and tooth gaps (usually the background behind the skull).
    ``stroke``: optional outline colour, ``stroke_width`` pt, outside the
    silhouette.
    """
    _check(size)
    r = size * 0.40                     # cranium radius
    cy = size * 0.5 - r                 # cranium centre: the top touches +size/2
    jaw_w = size * 0.48
    jaw_y = -size * 0.5                 # jaw bottom
    jaw_top = cy - r * 0.35

    def silhouette(pad: float) -> None:
        c.circle(0, cy, r + pad, stroke=0, fill=1)
        c.roundRect(-jaw_w / 2 - pad, jaw_y - pad, jaw_w + 2 * pad, jaw_top - jaw_y + 2 * pad,
                    size * 0.07 + pad, stroke=0, fill=1)

    c.saveState()
    c.translate(x, y)
    if stroke is not None and stroke_width > 0:
        c.setFillColor(stroke)
        silhouette(stroke_width)
    c.setFillColor(fill)
    silhouette(0.0)
    c.setFillColor(holes)
    eye_r = size * 0.12
    eye_dx, eye_y = size * 0.17, cy - size * 0.05
    c.circle(-eye_dx, eye_y, eye_r, stroke=0, fill=1)
    c.circle(eye_dx, eye_y, eye_r, stroke=0, fill=1)
    nose = c.beginPath()
    ny = eye_y - eye_r - size * 0.025
    nose.moveTo(0, ny)
    nose.lineTo(size * 0.06, ny - size * 0.10)
    nose.lineTo(-size * 0.06, ny - size * 0.10)
    nose.close()
    c.drawPath(nose, stroke=0, fill=1)
    # tooth gaps: short vertical bars in the jaw
    c.setStrokeColor(holes)
    c.setLineWidth(max(size * 0.04, 0.3))
    c.setLineCap(1)
    t0, t1 = jaw_y + size * 0.05, jaw_y + size * 0.15
    for i in (-1, 0, 1):
        tx = i * jaw_w * 0.25
        c.line(tx, t0, tx, t1)
    c.restoreState()


def skeleton(c: Any, x: float, y: float, size: float, fill: Any, holes: Any,
             stroke: Any = None, stroke_width: float = 0.0, angle: float = 0.0) -> None:
    """A whole skeleton lying on its back, as found in a burial: the skull
    (:func:`skull`, crown to the left), spine, ribs, collarbones, arms with
    hands, pelvis and legs with feet, each bone a rounded bar with knuckles.

    ``size`` (pt): the skeleton's length, skull to toes; it is about
    0.41 × size across (elbows, outline not counted).  ``fill``: the bones; ``holes``: the skull's
    eyes, nose and teeth and the pelvis's openings (usually the ground behind);
    ``stroke``: optional outline, ``stroke_width`` pt, outside the bones.
    ``angle``: rotation in degrees, counter-clockwise (0 = lying head left).
    """
    _check(size)
    L = size

    def limb(path: list[tuple[float, float]], width: float, pad: float) -> None:
        c.setLineWidth((width + 2 * pad) * L)
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            c.line(x0 * L, y0 * L, x1 * L, y1 * L)
        for px, py in path[1:-1]:  # the joint's knuckle
            c.circle(px * L, py * L, (width * 0.85 + pad) * L, stroke=0, fill=1)
        for px, py in (path[0], path[-1]):
            c.circle(px * L, py * L, (width * 0.62 + pad) * L, stroke=0, fill=1)

    def rib(x0: float, reach: float, side: int, pad: float) -> None:
        c.setLineWidth((0.028 + 2 * pad) * L)
        p = c.beginPath()
        p.moveTo(x0 * L, side * 0.02 * L)
        p.curveTo((x0 - 0.015) * L, side * (reach * 0.75) * L, (x0 + 0.015) * L, side * reach * L,
                  (x0 + 0.065) * L, side * (reach - 0.012) * L)
        c.drawPath(p, stroke=1, fill=0)

    def bones(pad: float) -> None:
        for side in (-1, 1):
            for i in range(4):  # ribs, shorter toward the waist
                rib(-0.222 + i * 0.058, 0.122 - i * 0.013, side, pad)
            limb([(-0.262, side * 0.018), (-0.245, side * 0.140)], 0.030, pad)                # collarbone
            limb([(-0.238, side * 0.148), (-0.070, side * 0.172), (0.088, side * 0.150)], 0.042, pad)  # arm
            for tip in (0.118, 0.150, 0.182):                                                # fingers
                limb([(0.090, side * 0.150), (0.148, side * tip)], 0.022, pad)
            limb([(0.165, side * 0.062), (0.330, side * 0.084), (0.460, side * 0.076)], 0.046, pad)    # leg
            for tip in (0.046, 0.078, 0.110):                                                # toes
                limb([(0.464, side * 0.076), (0.505, side * tip)], 0.022, pad)
            y0, y1 = sorted((side * 0.008, side * 0.118))                                   # hip bone
            c.ellipse((0.090 - pad) * L, (y0 - pad) * L, (0.190 + pad) * L, (y1 + pad) * L, stroke=0, fill=1)
        for i in range(11):  # vertebrae, neck to sacrum
            vx = -0.275 + i * 0.036
            c.roundRect((vx - 0.014 - pad) * L, (-0.030 - pad) * L, (0.028 + 2 * pad) * L, (0.060 + 2 * pad) * L,
                        (0.010 + pad) * L, stroke=0, fill=1)

    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setLineCap(1)
    if stroke is not None and stroke_width > 0:
        c.setStrokeColor(stroke)
        c.setFillColor(stroke)
        bones(stroke_width / L)
    c.setStrokeColor(fill)
    c.setFillColor(fill)
    bones(0.0)
    c.setFillColor(holes)  # the pelvis's two openings
    for side in (-1, 1):
        c.ellipse(0.135 * L, side * 0.030 * L, 0.168 * L, side * 0.085 * L, stroke=0, fill=1)
    c.translate(-0.385 * L, 0)
    c.rotate(90)  # the skull's crown points away from the body
    skull(c, 0, 0, 0.23 * L, fill, holes, stroke, stroke_width)
    c.restoreState()


def trowel(c: Any, x: float, y: float, size: float, blade: Any, handle: Any,
           angle: float = -35.0) -> None:
    """An archaeologist's pointing trowel: leaf-shaped blade, tang and handle.

    ``size`` (pt): overall length.  ``angle``: rotation in degrees,
    counter-clockwise from "blade pointing up".
    """
    _check(size)
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    top, blade_len = size / 2, size * 0.52
    half_w = size * 0.17
    base = top - blade_len
    c.setFillColor(blade)
    p = c.beginPath()
    p.moveTo(0, top)
    p.curveTo(half_w * 0.55, top - blade_len * 0.35, half_w, base + blade_len * 0.25, half_w, base)
    p.lineTo(-half_w, base)
    p.curveTo(-half_w, base + blade_len * 0.25, -half_w * 0.55, top - blade_len * 0.35, 0, top)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.setFillColor(handle)
    # tang (neck) and ferrule
    tang_w = size * 0.045
    c.rect(-tang_w / 2, base - size * 0.10, tang_w, size * 0.10 + 0.5, stroke=0, fill=1)
    hw = size * 0.075
    hlen = size * 0.34
    c.roundRect(-hw, -size / 2, hw * 2, hlen, hw * 0.9, stroke=0, fill=1)
    c.restoreState()


#: Icons offered to deck layouts: name → ``(canvas, x, y, size, fill, detail)``.
DECK_ICONS = {
    "bone": lambda c, x, y, size, fill, detail: bone(c, x, y, size, fill),
    "skull": lambda c, x, y, size, fill, detail: skull(c, x, y, size, fill, detail),
    "skeleton": lambda c, x, y, size, fill, detail: skeleton(c, x, y, size, fill, detail),
    "trowel": lambda c, x, y, size, fill, detail: trowel(c, x, y, size, fill, detail),
}
