"""Colour science, knowing nothing of PICO-8 or picross: how far apart two colours look and how
well one stands out on another.

- `difference`: 8-bit sRGB -> CIE L*a*b* (D65) and the CIEDE2000 colour difference, for snapping
  a drawn colour to the nearest one the cart can show (generator.cartbuild.palette);
- `contrast`: WCAG 2's relative luminance and contrast ratio, for the build's gate on each
  world's colour roles (generator.cartbuild.contrast_gate) and for what the playtests measure on
  the screen (generator.playtest.measured_text).

It imports nothing of the project, so every part above it (the build, the playtests, the tests)
measures colour with the same formulas.
"""
