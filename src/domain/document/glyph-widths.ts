/**
 * Advance widths of DejaVu Sans and DejaVu Sans Bold (thousandths of an em), the sans-serif Chromium
 * prints with on Linux and one of the widest usual ones (Segoe UI, Arial and Roboto are narrower): the
 * paginator counts a text's lines with these, so it never expects fewer lines than the paper has.
 * Read from the fonts' hmtx tables (DejaVu fonts 2.37).
 */
const CHARS = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~ÇĞİÖŞÜçğıöşüâîû–—·…₺€';
const REGULAR = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838,
  531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390,
  838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337,
  636, 838, 698, 775, 295, 787, 635, 732, 550, 635, 278, 612, 521, 634, 613, 278, 634, 500, 1000, 318, 1000, 636, 636,
];
const BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838,
  580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457,
  838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365,
  712, 838, 734, 821, 372, 850, 720, 812, 593, 716, 343, 687, 595, 712, 675, 343, 712, 500, 1000, 380, 1000, 696, 696,
];
/** Anything not in the table (other scripts, symbols): as wide as a wide capital. */
const OTHER = { regular: 780, bold: 850 };

const regular = new Map<string, number>();
const bold = new Map<string, number>();
[...CHARS].forEach((ch, i) => {
  regular.set(ch, REGULAR[i]!);
  bold.set(ch, BOLD[i]!);
});

/** A text's width in points at `size` pt. */
export function textWidthPt(text: string, size: number, isBold = false): number {
  const table = isBold ? bold : regular;
  const other = isBold ? OTHER.bold : OTHER.regular;
  let w = 0;
  for (const ch of text) w += table.get(ch) ?? other;
  return (w * size) / 1000;
}
