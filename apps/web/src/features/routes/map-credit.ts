const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The tile credit as the map shows it (Leaflet takes HTML): plain text, with OpenStreetMap linked to its copyright page as its tile policy asks. */
export function creditHtml(attribution: string): string {
  return escapeHtml(attribution).replace('OpenStreetMap', '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>');
}
