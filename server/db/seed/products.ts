import type { SeedLanguageCode } from './reference-data';

interface Text {
  title: string;
  description: string;
}

export type SeedCategory = 'ranks' | 'currency' | 'crate-keys' | 'cosmetics' | 'perks';

/** The categories' titles (the shop's filter), stored as `category.<slug>` store texts. */
export const seedCategoryTitles: Record<SeedCategory, Record<SeedLanguageCode, string>> = {
  ranks: { en: 'Ranks', de: 'Ränge', es: 'Rangos' },
  currency: { en: 'Currency', de: 'Währung', es: 'Moneda' },
  'crate-keys': { en: 'Crate keys', de: 'Kistenschlüssel', es: 'Llaves de cofre' },
  cosmetics: { en: 'Cosmetics', de: 'Kosmetik', es: 'Cosméticos' },
  perks: { en: 'Perks', de: 'Vorteile', es: 'Ventajas' },
};

export interface SeedProduct {
  slug: string;
  category: SeedCategory;
  /** Coin minor units (1 coin = 100). */
  priceMinor: number;
  /** Ranks are held once: one per order and one per customer (docs/product.md §2). */
  maxPerOrder?: number;
  maxPerCustomer?: number;
  text: Record<SeedLanguageCode, Text>;
}

export const productImage = (slug: string) => `/images/products/${slug}.svg`;

export const seedProducts: SeedProduct[] = [
  {
    slug: 'rank-vip',
    category: 'ranks',
    maxPerOrder: 1,
    maxPerCustomer: 1,
    priceMinor: 50_000,
    text: {
      en: {
        title: 'VIP Rank',
        description: 'A green VIP tag in chat, two extra homes, /hat and priority queue on every server.',
      },
      de: {
        title: 'VIP-Rang',
        description:
          'Ein grünes VIP-Tag im Chat, zwei zusätzliche Homes, /hat und Vorrang in der Warteschlange.',
      },
      es: {
        title: 'Rango VIP',
        description:
          'Etiqueta VIP verde en el chat, dos hogares extra, /hat y cola prioritaria en todos los servidores.',
      },
    },
  },
  {
    slug: 'rank-mvp',
    category: 'ranks',
    maxPerOrder: 1,
    maxPerCustomer: 1,
    priceMinor: 100_000,
    text: {
      en: {
        title: 'MVP Rank',
        description:
          'Everything in VIP, plus a blue tag, five homes, /craft anywhere and a monthly crate key.',
      },
      de: {
        title: 'MVP-Rang',
        description:
          'Alles aus VIP, dazu ein blaues Tag, fünf Homes, /craft überall und ein Kistenschlüssel im Monat.',
      },
      es: {
        title: 'Rango MVP',
        description:
          'Todo lo de VIP, más etiqueta azul, cinco hogares, /craft en cualquier lugar y una llave al mes.',
      },
    },
  },
  {
    slug: 'rank-legend',
    category: 'ranks',
    maxPerOrder: 1,
    maxPerCustomer: 1,
    priceMinor: 200_000,
    text: {
      en: {
        title: 'Legend Rank',
        description:
          'Our top rank: a gold tag, unlimited homes, /fly in lobbies and a reserved slot when full.',
      },
      de: {
        title: 'Legenden-Rang',
        description:
          'Unser höchster Rang: goldenes Tag, unbegrenzte Homes, /fly in Lobbys und ein reservierter Platz.',
      },
      es: {
        title: 'Rango Leyenda',
        description:
          'Nuestro rango más alto: etiqueta dorada, hogares ilimitados, /fly en lobbies y plaza reservada.',
      },
    },
  },
  {
    slug: 'emerald-pouch',
    category: 'currency',
    priceMinor: 30_000,
    text: {
      en: {
        title: 'Emerald Pouch',
        description: '500 emeralds to spend at villagers and the player market.',
      },
      de: { title: 'Smaragdbeutel', description: '500 Smaragde für Dorfbewohner und den Spielermarkt.' },
      es: {
        title: 'Bolsa de esmeraldas',
        description: '500 esmeraldas para aldeanos y el mercado de jugadores.',
      },
    },
  },
  {
    slug: 'emerald-chest',
    category: 'currency',
    priceMinor: 120_000,
    text: {
      en: { title: 'Emerald Chest', description: '2,500 emeralds, with a 20% bonus over the pouch.' },
      de: { title: 'Smaragdtruhe', description: '2.500 Smaragde, 20 % mehr als im Beutel.' },
      es: { title: 'Cofre de esmeraldas', description: '2.500 esmeraldas, un 20 % más que la bolsa.' },
    },
  },
  {
    slug: 'key-common',
    category: 'crate-keys',
    priceMinor: 10_000,
    text: {
      en: { title: 'Common Crate Key', description: 'Opens one common crate: tools, food, building blocks.' },
      de: {
        title: 'Gewöhnlicher Schlüssel',
        description: 'Öffnet eine gewöhnliche Kiste: Werkzeuge, Essen, Baublöcke.',
      },
      es: { title: 'Llave común', description: 'Abre un cofre común: herramientas, comida y bloques.' },
    },
  },
  {
    slug: 'key-epic',
    category: 'crate-keys',
    priceMinor: 25_000,
    text: {
      en: {
        title: 'Epic Crate Key',
        description: 'Opens one epic crate with enchanted gear and rare cosmetics.',
      },
      de: {
        title: 'Epischer Schlüssel',
        description: 'Öffnet eine epische Kiste mit verzauberter Ausrüstung.',
      },
      es: {
        title: 'Llave épica',
        description: 'Abre un cofre épico con equipo encantado y cosméticos raros.',
      },
    },
  },
  {
    slug: 'key-mythic-bundle',
    category: 'crate-keys',
    priceMinor: 95_000,
    text: {
      en: {
        title: 'Mythic Key Bundle',
        description: 'Five mythic crate keys; each crate holds a guaranteed rare item.',
      },
      de: {
        title: 'Mythisches Schlüsselpaket',
        description: 'Fünf mythische Schlüssel; jede Kiste enthält sicher ein seltenes Item.',
      },
      es: {
        title: 'Pack de llaves míticas',
        description: 'Cinco llaves míticas; cada cofre trae un objeto raro garantizado.',
      },
    },
  },
  {
    slug: 'ember-wings',
    category: 'cosmetics',
    priceMinor: 35_000,
    text: {
      en: {
        title: 'Ember Wings',
        description: 'Glowing wings that leave a trail of sparks when you sprint.',
      },
      de: { title: 'Glutflügel', description: 'Leuchtende Flügel, die beim Sprinten Funken sprühen.' },
      es: { title: 'Alas de brasa', description: 'Alas brillantes que dejan chispas al correr.' },
    },
  },
  {
    slug: 'fox-companion',
    category: 'cosmetics',
    priceMinor: 30_000,
    text: {
      en: { title: 'Fox Companion', description: 'A loyal pet fox that follows you around every lobby.' },
      de: { title: 'Fuchs-Begleiter', description: 'Ein treuer Fuchs, der dir durch jede Lobby folgt.' },
      es: { title: 'Zorro compañero', description: 'Un zorro fiel que te sigue por todos los lobbies.' },
    },
  },
  {
    slug: 'rainbow-trail',
    category: 'cosmetics',
    priceMinor: 20_000,
    text: {
      en: { title: 'Rainbow Trail', description: 'A rainbow particle trail behind your footsteps.' },
      de: { title: 'Regenbogenspur', description: 'Eine Regenbogen-Partikelspur hinter deinen Schritten.' },
      es: { title: 'Estela arcoíris', description: 'Una estela de partículas arcoíris tras tus pasos.' },
    },
  },
  {
    slug: 'name-color',
    category: 'perks',
    priceMinor: 15_000,
    text: {
      en: {
        title: 'Name Color',
        description: 'Pick any of 16 colors for your name in chat and the tab list.',
      },
      de: {
        title: 'Namensfarbe',
        description: 'Wähle eine von 16 Farben für deinen Namen im Chat und in der Tab-Liste.',
      },
      es: {
        title: 'Color de nombre',
        description: 'Elige entre 16 colores para tu nombre en el chat y la lista.',
      },
    },
  },
];
