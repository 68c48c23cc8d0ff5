package prompt

import "fmt"

// weeklyOfficeReview plans a fiduciary's weekly review of every mandator,
// for year y (0: each mandator's latest).
func weeklyOfficeReview(r request, y int) plan {
	scope := []arg{}
	yearText := text{en: "each mandator's latest year", de: "das jeweils letzte Jahr jedes Mandanten"}
	if y != 0 {
		scope = append(scope, arg{"year", y})
		yearText = text{en: fmt.Sprintf("the year %d", y), de: fmt.Sprintf("das Jahr %d", y)}
	}
	per := func(more ...arg) []arg {
		out := []arg{{"mandator", "<mandator from step 1>"}}
		if y != 0 {
			out = append(out, arg{"year", y})
		}
		return append(out, more...)
	}
	p := plan{intro: text{
		en: fmt.Sprintf("Write this week's review of the office: every mandator's books for %s, those needing attention first. Call the accounting tools in this order:", yearText.en),
		de: fmt.Sprintf("Schreibe die Wochenübersicht des Treuhandbüros: die Buchhaltung jedes Mandanten für %s, die dringenden zuerst. Rufe die Buchhaltungs-Tools in dieser Reihenfolge auf:", yearText.de),
	}}
	p.steps = append(p.steps,
		step{"get_mandators_overview", append(scope, arg{"limit", 50}), text{
			en: "one row per mandator, those with attention codes first; page with offset while truncated is true. Keep each row's attention codes and counts.",
			de: "eine Zeile pro Mandant, die mit Hinweisen (attention) zuerst; blättere mit offset, solange truncated true ist. Behalte die Hinweise jeder Zeile mit ihren Zahlen.",
		}},
		step{"check_books", per(), text{
			en: "for each mandator with data_problems: what is wrong and which numbers it affects.",
			de: "für jeden Mandanten mit data_problems: was falsch ist und welche Zahlen es betrifft.",
		}},
		step{"get_open_bank_transactions", per(arg{"limit", 20}), text{
			en: "for each mandator with stale_bank_lines: the oldest lines still to book, with the app's suggestion.",
			de: "für jeden Mandanten mit stale_bank_lines: die ältesten noch offenen Bankzeilen, mit dem Vorschlag der App.",
		}},
		step{"forecast_year_end", per(), text{
			en: "for each mandator with a loss, and for the three largest by expenses: the year-end result and net worth with their interval, and the method sentence.",
			de: "für jeden Mandanten mit Verlust (loss) und für die drei mit dem grössten Aufwand: Jahresergebnis und Vermögen per 31. Dezember mit ihrem Intervall, und den Satz zur Methode.",
		}},
	)
	p.outro = r.closing(text{
		en: "Then write the review: 1. a table of the mandators needing attention (name, codes with counts, last save, what to do this week), most urgent first; 2. one line per remaining mandator; 3. the forecasts, each with its interval, as estimates, not facts.",
		de: "Schreibe dann die Übersicht: 1. eine Tabelle der Mandanten mit Handlungsbedarf (Name, Hinweise mit Zahlen, letzte Speicherung, was diese Woche zu tun ist), die dringendsten zuerst; 2. eine Zeile pro übrigem Mandanten; 3. die Prognosen, je mit Intervall, als Schätzung, nicht als Tatsache.",
	})
	return p
}
