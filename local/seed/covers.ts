// Cover images for the demo catalog, drawn as SVG so they need no network and show the title.
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > perLine && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept;
  }
  return lines;
}

export function coverSvg(title: string, label: string, [from, to]: [string, string]): string {
  const lines = wrap(title, 18, 4);
  const tspans = lines.map((line, i) => `<tspan x="40" dy="${i === 0 ? 0 : 46}">${escapeXml(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><circle cx="680" cy="120" r="180" fill="#fff" opacity=".08"/><text x="40" y="80" font-family="Arial, sans-serif" font-size="26" fill="#fff" opacity=".85" letter-spacing="4">${escapeXml(
    label.toUpperCase(),
  )}</text><text x="40" y="${330 - (lines.length - 1) * 23}" font-family="Arial, sans-serif" font-size="42" font-weight="700" fill="#fff">${tspans}</text></svg>`;
}
