# SPDX-License-Identifier: MIT
#
# Checks of `vsharp align --format svg` for a person reading it (align.sh):
#
#   atlas_svg.py CHECK SVG TEXT
#
# SVG is the heat map of one level, TEXT `vsharp align` for the same level.
# CHECK is one of
#
#   palette   no two outcome fills are confusable for a colour-blind reader:
#             CIELAB distance >= 15 between every pair after simulating
#             protanopia, deuteranopia and tritanopia (Machado, Oliveira and
#             Fernandes 2009, severity 1), and every glyph contrasts >= 4.5:1
#             with its fill (WCAG 2.x contrast ratio);
#   glyphs    every cell carries a glyph, one per outcome both ways, the one
#             the text table has; and cells whose outcome follows from the
#             ISA guides' alignment table (RDNA3 ISA §9.5) show it;
#   near      every cell has, in its panel, the misalignment number of its
#             column at most one access group above it, its block's level
#             and mode heading and axis titles above it, and a legend at
#             most LEGEND_REACH pixels above it or beside it;
#   plates    in a hatched or dotted cell, the glyph sits on a plate of the
#             cell's own fill, inside the cell, so no line crosses the glyph.
import itertools
import re
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
CELL = 18
LEGEND_REACH = 450	# half a screen at 100% (about 900 px high)
# enum vsharp_atlas_outcome (vsharp/atlas.h)
ABSENT, OK, SPLIT, DOWN, MEMVIOL, NOT_RUN, UNEXPLAINED = range(7)
# The text table's symbols (Documentation/atlas.rst, "Reading the atlas").
SYMBOLS = {'-': ABSENT, '.': OK, 's': SPLIT, 'F': MEMVIOL, '?': NOT_RUN, '!': UNEXPLAINED}
SYMBOLS.update({c: DOWN for c in '123456789abcdef'})

# Machado et al. 2009, Table 1 at severity 1.0 (linear RGB).
CVD = {
    'protanopia': ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    'deuteranopia': ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    'tritanopia': ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
    'normal vision': ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def linear(hexc):
    def one(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return [one(int(hexc[i:i + 2], 16)) for i in (1, 3, 5)]


def lab(rgb):
    """sRGB primaries, D65 white (IEC 61966-2-1; CIE 15)."""
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(hexc, m):
    c = linear(hexc)
    return lab([min(1, max(0, sum(m[i][j] * c[j] for j in range(3)))) for i in range(3)])


def luminance(hexc):
    r, g, b = linear(hexc)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def classes(root):
    """.oN{fill:...}, .gN{fill:...} of the style sheet."""
    css = ''.join(e.text or '' for e in root.iter(NS + 'style'))
    return {m.group(1): m.group(2).lower() for m in re.finditer(r'\.([a-z]\d+)\{fill:(#[0-9a-fA-F]{6})', css)}


def cells(root):
    """Per data-row: its 16 (rect, [overlays], glyph text) in column order."""
    rows = {}
    for g in root.iter(NS + 'g'):
        if 'data-row' not in g.attrib:
            continue
        kids, out = list(g), []
        for i, e in enumerate(kids):
            if e.tag == NS + 'rect' and e.get('class', '').startswith('o'):
                j = i + 1
                while kids[j].tag == NS + 'rect':
                    j += 1
                out.append((e, kids[i + 1:j], kids[j]))
        rows[g.get('data-row')] = out
    return rows


def text_rows(path):
    rows = {}
    for line in open(path):
        if line.startswith('#') or line.startswith('mode '):
            continue
        mode, access, size, row = line.split()[:4]
        rows[(mode, access, size)] = row
    return rows


def check_palette(root, _):
    fill = classes(root)
    bad = 0
    for name, m in CVD.items():
        for a, b in itertools.combinations(range(7), 2):
            pa, pb = seen(fill['o%d' % a], m), seen(fill['o%d' % b], m)
            d = sum((x - y) ** 2 for x, y in zip(pa, pb)) ** 0.5
            if d < 15:
                print('# %s: outcomes %d and %d (%s, %s) are %.1f apart' % (name, a, b, fill['o%d' % a],
                                                                            fill['o%d' % b], d))
                bad += 1
    for o in range(7):
        c = contrast(fill['o%d' % o], fill['g%d' % o])
        if c < 4.5:
            print('# outcome %d: glyph %s on %s is %.2f:1' % (o, fill['g%d' % o], fill['o%d' % o], c))
            bad += 1
    return bad == 0


def check_glyphs(root, text):
    rows, table, bad, n = cells(root), text_rows(text), 0, 0
    by_class = {}
    for key, row in rows.items():
        level, mode, access, size = key.split()
        want = table[(mode, access, size)]
        for mis, (rect, _, glyph) in enumerate(row):
            o = int(rect.get('class')[1:])
            n += 1
            by_class.setdefault(o, set()).add(SYMBOLS.get(glyph.text))
            if glyph.text != want[mis] or SYMBOLS.get(glyph.text) != o:
                print('# %s +%d: glyph %r class o%d, text table %r' % (key, mis, glyph.text, o, want[mis]))
                bad += 1
    if any(len(s) != 1 for s in by_class.values()):
        print('# outcomes and glyphs do not map one to one: %s' % by_class)
        bad += 1
    # RDNA3 ISA §9.5, buffer alignment modes, read at address 96 + n:
    #  DWORD aligns down to min(size, 4): 8 bytes at 102 -> 100, shift 2;
    #  DWORD_STRICT faults unless aligned to min(size, 4): 2 bytes at 97;
    #  STRICT faults unless aligned to the size: 8 bytes at 100;
    #  UNALIGNED takes any address: 4 bytes at 99 span dwords 96 and 100.
    for key, mis, want in (('gfx11 dword vmem-load 8', 6, ('2', DOWN)),
                           ('gfx11 dword_strict vmem-load 2', 1, ('F', MEMVIOL)),
                           ('gfx11 strict vmem-load 8', 4, ('F', MEMVIOL)),
                           ('gfx11 unaligned vmem-load 4', 3, ('s', SPLIT)),
                           ('gfx11 strict vmem-load 8', 8, ('.', OK))):
        rect, _, glyph = rows[key][mis]
        if (glyph.text, int(rect.get('class')[1:])) != want:
            print('# %s +%d: %r o%s, the guide gives %r' % (key, mis, glyph.text, rect.get('class'), want))
            bad += 1
    print('# %d cells, %d bad' % (n, bad))
    return bad == 0 and n > 0


def check_near(root, _):
    texts = [(e, float(e.get('x', 0)), float(e.get('y', 0))) for e in root.iter(NS + 'text')]
    heads = [(t.text, x, y) for t, x, y in texts if t.get('class') == 'h']
    titles = [(t.text, x, y) for t, x, y in texts if t.get('font-size') == '14']
    axes = [(t.text, x, y) for t, x, y in texts if t.get('font-style') == 'italic' and 'transform' not in t.attrib]
    in_rows = {id(e) for g in root.iter(NS + 'g') if 'data-row' in g.attrib for e in g}
    legends = sorted((float(r.get('x')), float(r.get('y'))) for r in root.iter(NS + 'rect')
                     if id(r) not in in_rows and r.get('class', '').startswith('o'))
    bad = n = 0
    for key, row in cells(root).items():
        level, mode = key.split()[:2]
        for mis, (rect, _, _) in enumerate(row):
            x, y = float(rect.get('x')), float(rect.get('y'))
            n += 1
            # Six rows and the group's heading at most.
            if not any(h == str(mis) and abs(hx - (x + CELL / 2)) < 1 and 0 < y - hy <= 6 * CELL + 17
                       for h, hx, hy in heads):
                print('# %s +%d: no column number within an access group above' % (key, mis))
                bad += 1
            above = [(ty, t) for t, tx, ty in titles if ty < y and 0 <= x - tx < 700]
            if not above or not max(above)[1].startswith('%s, mode %s, ' % (level, mode)):
                print('# %s +%d: the block heading above is %r' % (key, mis, max(above)[1] if above else None))
                bad += 1
            top = max(above)[0] if above else 0
            if len([a for a in axes if top < a[2] < y and 0 <= x - a[1] < 700]) < 2:
                print('# %s +%d: no axis titles in its block' % (key, mis))
                bad += 1
            if not any(0 < lx - x <= 16 * CELL + 12 and -5 * CELL <= y - ly <= LEGEND_REACH for lx, ly in legends):
                print('# %s +%d: no legend beside or within %d px above' % (key, mis, LEGEND_REACH))
                bad += 1
    print('# %d cells, %d without their headings or legend near' % (n, bad))
    return bad == 0 and n > 0


def check_plates(root, _):
    bad = n = 0
    for key, row in cells(root).items():
        for mis, (rect, over, glyph) in enumerate(row):
            patterns = [r for r in over if r.get('fill', '').startswith('url(')]
            if not patterns:
                continue
            n += 1
            x, y = float(rect.get('x')), float(rect.get('y'))
            plates = [r for r in over if r.get('class') == 'p' + rect.get('class')[1:]]
            gx, gy = float(glyph.get('x')), float(glyph.get('y'))
            # A 12 px bold monospace glyph: about 7.2 px wide, 9 px above the baseline.
            ok = any(float(p.get('x')) <= gx - 3.6 and gx + 3.6 <= float(p.get('x')) + float(p.get('width')) and
                     float(p.get('y')) <= gy - 9 and gy <= float(p.get('y')) + float(p.get('height')) and
                     x <= float(p.get('x')) and float(p.get('x')) + float(p.get('width')) <= x + CELL and
                     over.index(p) > max(over.index(q) for q in patterns) for p in plates)
            if not ok:
                print('# %s +%d: the glyph is not on a plate above the hatching' % (key, mis))
                bad += 1
    print('# %d hatched or dotted cells, %d with the glyph crossed' % (n, bad))
    return bad == 0 and n > 0


if __name__ == '__main__':
    check, svg, text = sys.argv[1:]
    root = ET.parse(svg).getroot()
    sys.exit(0 if globals()['check_' + check](root, text) else 1)
