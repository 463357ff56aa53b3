/** The dealer dashboard's figures as pages show them (no server types: rendered in the browser too). */
export const DAILY_METRICS = ["views", "resultClicks", "phoneReveals", "messages", "favorites"] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

export const METRIC_LABELS: Record<DailyMetric, string> = {
  views: "Vues",
  resultClicks: "Clics depuis les résultats",
  phoneReveals: "Numéros affichés",
  messages: "Messages",
  favorites: "Favoris",
};

export const STATS_PERIODS = [30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export type DailyFigures = Record<DailyMetric, number>;

export interface DailyStatsPoint extends DailyFigures {
  /** 'YYYY-MM-DD', the French calendar day. */
  day: string;
}

export interface StatsSeries {
  days: StatsPeriod;
  points: DailyStatsPoint[];
  totals: DailyFigures;
}

export function parseStatsPeriod(value: string | null | undefined): StatsPeriod {
  return value === "90" ? 90 : 30;
}

/** 'YYYY-MM-DD' → 'dd/MM' (no Intl: this runs while the page starts). */
export function dayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${date}/${month}`;
}
