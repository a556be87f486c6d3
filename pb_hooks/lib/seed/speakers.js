// The two co-host speakers seeded into `speakers`, with an illustrated SVG
// portrait (gradient backdrop, head-and-shoulders figure, initials badge) each.
// Speaker photos are JPEG, PNG or WebP now: a later migration replaces each
// portrait with its PNG rendering in portraits/ (made once from this SVG at
// 400×400 with Chromium).

const DEFAULT_BIO = "A passionate expert in their field with years of industry experience.";

function initialsOf(name) {
  return name
    .split(/\s+/)
    .filter((part) => /^[A-Z]/.test(part) && !/^Dr\.?$/.test(part))
    .map((part) => part[0])
    .join("")
    .slice(0, 2);
}

/**
 * An illustrated 400x400 portrait of a speaker as SVG text.
 * @param {{name: string, palette: {from: string, to: string, skin: string, hair: string, jacket: string, longHair?: boolean}}} speaker
 */
function portraitSvg(speaker) {
  const { from, to, skin, hair, jacket, longHair } = speaker.palette;
  const initials = initialsOf(speaker.name);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img"',
    ` aria-label="Portrait of ${speaker.name}">`,
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    "</defs>",
    '<rect width="400" height="400" fill="url(#bg)"/>',
    '<circle cx="330" cy="70" r="120" fill="#ffffff" opacity="0.08"/>',
    longHair ? `<path d="M128 172 C122 96 166 82 200 82 C234 82 278 96 272 172 L280 262 C252 280 148 280 120 262 Z" fill="${hair}"/>` : "",
    `<path d="M70 400 C80 300 140 270 200 270 C260 270 320 300 330 400 Z" fill="${jacket}"/>`,
    '<path d="M175 272 L200 330 L225 272 Z" fill="#f4f4f6"/>',
    `<rect x="178" y="215" width="44" height="60" rx="18" fill="${skin}"/>`,
    `<ellipse cx="200" cy="170" rx="62" ry="74" fill="${skin}"/>`,
    `<path d="M136 165 C132 100 170 88 200 88 C238 88 270 104 264 165 C252 130 226 118 200 120 C172 122 148 134 136 165 Z" fill="${hair}"/>`,
    '<circle cx="178" cy="172" r="5" fill="#2b2b33"/><circle cx="222" cy="172" r="5" fill="#2b2b33"/>',
    '<path d="M182 206 Q200 218 218 206" stroke="#7a4a3a" stroke-width="4" fill="none" stroke-linecap="round"/>',
    '<circle cx="340" cy="340" r="38" fill="#ffffff" opacity="0.92"/>',
    `<text x="340" y="353" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="${to}">${initials}</text>`,
    "</svg>",
  ].join("");
}

const speakers = [
  {
    name: "Dr Amelia Hart",
    role: "Chief Technology Officer",
    organisation: "Southern Cross AI",
    bio: DEFAULT_BIO,
    website: "https://southerncrossai.example.com",
    sort: 1,
    fileName: "amelia-hart.svg",
    palette: { from: "#4c6ef5", to: "#1c2a6b", skin: "#f1c7a8", hair: "#3b2a20", jacket: "#27305e", longHair: true },
  },
  {
    name: "Marcus Nguyen",
    role: "VP Of Sales",
    organisation: "Torrens Digital Partners",
    bio: DEFAULT_BIO,
    website: "https://torrensdigital.example.com",
    sort: 2,
    fileName: "marcus-nguyen.svg",
    palette: { from: "#f59f00", to: "#7a2e0b", skin: "#d9a47f", hair: "#17120f", jacket: "#3d2a1e" },
  },
];

module.exports = { speakers, portraitSvg, DEFAULT_BIO };
