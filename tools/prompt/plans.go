package prompt

import (
	"fmt"
	"strings"
	"time"
)

// request is a prompt call with its arguments checked: the mandator
// resolved, the language chosen, and what the mode and the books offer.
type request struct {
	mandator string
	lang     string
	has      func(tool string) bool // the mode registers tool
	hasBooks func(year int) bool    // the mandator has books for year
	years    []int                  // the years the mandator has books for
	now      time.Time
}

func (r request) scope(year int) []arg {
	return []arg{{"mandator", r.mandator}, {"year", year}}
}

func (r request) dated(p Period, more ...arg) []arg {
	return append(append(r.scope(p.Year), arg{"fromDate", p.FromDate()}, arg{"toDate", p.ToDate()}), more...)
}

// checkBooks is the last step of every plan: data problems that may distort
// the numbers.
func (r request) checkBooks(year int) step {
	return step{"check_books", r.scope(year), text{
		en: "data problems in these books; if it reports an error, say which numbers it may affect.",
		de: "Datenprobleme in dieser Buchhaltung; meldet es einen Fehler, sag, welche Zahlen er betreffen kann.",
	}}
}

func (r request) closing(summary text) []text {
	out := []text{summary, exactly}
	if !r.has("get_transactions") {
		out = append(out, aggregateNote)
	}
	return append(out, language)
}

// monthlyCashReport plans the monthly cash report for month m.
func monthlyCashReport(r request, m Period) plan {
	en, de := describe(m, "en"), describe(m, "de")
	p := plan{intro: text{
		en: fmt.Sprintf("Write the monthly cash report (Monatlicher Kassenbericht) of %q for %s. Call the accounting tools in this order:", r.mandator, en),
		de: fmt.Sprintf("Erstelle den Monatlichen Kassenbericht von %q für %s. Rufe die Buchhaltungs-Tools in dieser Reihenfolge auf:", r.mandator, de),
	}}
	balances := text{
		en: "the assets with their balances in CHF; report the cash and bank accounts (liquid funds).",
		de: "die Aktiven mit ihren Saldi in CHF; berichte die Kassen- und Bankkonten (flüssige Mittel).",
	}
	if !r.has("get_account") {
		balances.en += fmt.Sprintf(" These are balances at the end of the %d books, not at the end of the month: say so.", m.Year)
		balances.de += fmt.Sprintf(" Das sind die Saldi am Ende der Buchhaltung %d, nicht am Monatsende: sag das.", m.Year)
	}
	p.steps = append(p.steps,
		step{"list_accounts", append(r.scope(m.Year), arg{"class", "activa"}), balances},
		step{"get_cash_flow", append(r.scope(m.Year), arg{"interval", "month"}), text{
			en: fmt.Sprintf("the cash flow of the cash and bank accounts; the period %s gives the month's opening cash, money in and out by category and closing cash (opening + in − out, + fxDifference if shown, = closing).", m.Label),
			de: fmt.Sprintf("der Geldfluss der Kassen- und Bankkonten; die Periode %s nennt Anfangsbestand, Zu- und Abflüsse nach Kategorie und Endbestand des Monats (Anfang + Zufluss − Abfluss, + fxDifference falls angegeben, = Ende).", m.Label),
		}},
	)
	if !r.has("get_transactions") {
		// Aggregate has no month figures of cash: its cash flow is the year's.
		p.steps = p.steps[:len(p.steps)-1]
	}
	p.steps = append(p.steps,
		step{"get_income_statement", r.dated(m), text{
			en: "the month's income (profitChf), expenses (lossChf) and result (netChf).",
			de: "Ertrag (profitChf), Aufwand (lossChf) und Ergebnis (netChf) des Monats.",
		}},
		step{"get_expenses_by_category", r.dated(m), text{
			en: "the month's expenses per category, largest first: the top categories with their share of lossChf.",
			de: "der Aufwand des Monats pro Kategorie, grösster zuerst: die wichtigsten Kategorien mit ihrem Anteil an lossChf.",
		}},
	)
	if prev := m.Previous(); r.hasBooks(prev.Year) {
		p.steps = append(p.steps, step{"get_expenses_by_category", r.dated(prev), text{
			en: fmt.Sprintf("the previous month (%s), for comparison: categories that rose or fell markedly.", prev.Label),
			de: fmt.Sprintf("der Vormonat (%s) zum Vergleich: Kategorien, die deutlich gestiegen oder gesunken sind.", prev.Label),
		}})
	}
	if n := int(m.From.Month()); n > 1 {
		ytd := Period{Kind: "months", Year: m.Year, From: time.Date(m.Year, 1, 1, 0, 0, 0, 0, time.UTC), To: m.To}
		p.steps = append(p.steps, step{"get_expenses_by_category", r.dated(ytd), text{
			en: fmt.Sprintf("the year to date; divided by %d months it gives a typical month. Flag categories far above it.", n),
			de: fmt.Sprintf("das laufende Jahr bis Monatsende; geteilt durch %d Monate ergibt es einen typischen Monat. Markiere Kategorien, die weit darüber liegen.", n),
		}})
	}
	outlook := m.Year == r.now.Year() && !m.To.After(r.now) && r.has("forecast_year_end")
	if outlook {
		p.steps = append(p.steps, step{"forecast_year_end", append(r.scope(m.Year), arg{"asOf", m.ToDate()}), text{
			en: "the outlook as seen at the month's end: income, expenses, result and net worth at 31 December with their interval, and the recurring items still due.",
			de: "der Ausblick per Monatsende: Ertrag, Aufwand, Ergebnis und Vermögen per 31. Dezember mit ihrem Intervall, und die noch fälligen wiederkehrenden Posten.",
		}})
	}
	p.steps = append(p.steps, step{"find_unusual_transactions", r.dated(m), text{
		en: "the month's unusual items (far above the usual, new payees, possible double charges, big round transfers, missing or low income), each with its reason and what was usual; if there are none, say so.",
		de: "die Auffälligkeiten des Monats (weit über dem Üblichen, neue Empfänger, mögliche Doppelbelastungen, grosse runde Überträge, fehlender oder tiefer Lohn), je mit Grund und dem Üblichen; gibt es keine, sag das.",
	}}, step{"get_transactions", r.dated(m, arg{"class", "expenses"}, arg{"orderBy", "amount"}, arg{"limit", 10}), text{
		en: "the month's ten largest expenses, and refunds among them.",
		de: "die zehn grössten Ausgaben des Monats, und Rückerstattungen darunter.",
	}}, r.checkBooks(m.Year))
	summary := text{
		en: "Then write the report in four sections: 1. Balances (cash and bank), 2. Income and expenses of the month, 3. Top categories, 4. Unusual items.",
		de: "Schreibe dann den Bericht in vier Abschnitten: 1. Saldi (Kasse und Bank), 2. Ertrag und Aufwand des Monats, 3. Wichtigste Kategorien, 4. Auffälligkeiten.",
	}
	if outlook {
		summary = text{
			en: "Then write the report in five sections: 1. Balances (cash and bank), 2. Income and expenses of the month, 3. Top categories, 4. Unusual items, 5. Outlook to 31 December (a forecast with its interval, not a fact).",
			de: "Schreibe dann den Bericht in fünf Abschnitten: 1. Saldi (Kasse und Bank), 2. Ertrag und Aufwand des Monats, 3. Wichtigste Kategorien, 4. Auffälligkeiten, 5. Ausblick auf den 31. Dezember (eine Prognose mit Intervall, keine Tatsache).",
		}
	}
	p.outro = r.closing(summary)
	return p
}

// explainChange plans the explanation of the change from period a to b.
func explainChange(r request, a, b Period) plan {
	p := plan{intro: text{
		en: fmt.Sprintf("Explain the change in the books of %q from %s to %s: what changed, by how much, and why. Call the accounting tools in this order:", r.mandator, describe(a, "en"), describe(b, "en")),
		de: fmt.Sprintf("Erkläre die Veränderung in der Buchhaltung von %q von %s zu %s: was sich verändert hat, um wie viel und warum. Rufe die Buchhaltungs-Tools in dieser Reihenfolge auf:", r.mandator, describe(a, "de"), describe(b, "de")),
	}}
	statement := text{en: "income (profitChf), expenses (lossChf) and result (netChf) of %s.", de: "Ertrag (profitChf), Aufwand (lossChf) und Ergebnis (netChf) von %s."}
	if r.has("get_transactions") {
		statement.en = "income (profitChf), expenses (lossChf), result (netChf) and the amount per account, with its accountId, of %s."
		statement.de = "Ertrag (profitChf), Aufwand (lossChf), Ergebnis (netChf) und der Betrag pro Konto, mit accountId, von %s."
	}
	for _, x := range []Period{a, b} {
		p.steps = append(p.steps, step{"get_income_statement", r.dated(x), text{fmt.Sprintf(statement.en, x.Label), fmt.Sprintf(statement.de, x.Label)}})
	}
	for _, x := range []Period{a, b} {
		p.steps = append(p.steps, step{"get_expenses_by_category", r.dated(x), text{
			en: fmt.Sprintf("expenses per category of %s.", x.Label),
			de: fmt.Sprintf("Aufwand pro Kategorie von %s.", x.Label),
		}})
	}
	if a.Kind == "year" && b.Kind == "year" {
		p.steps = append(p.steps, step{"compare_years", []arg{{"mandator", r.mandator}, {"years", []int{a.Year, b.Year}}}, text{
			en: "both years side by side, with income per category too.",
			de: "beide Jahre nebeneinander, auch der Ertrag pro Kategorie.",
		}})
	}
	p.steps = append(p.steps, step{"get_transactions", r.dated(b, arg{"accountId", "<accountId from step 2>"}), text{
		en: fmt.Sprintf("for the two or three accounts whose amount changed most, the postings behind the change (call it for %s too, with the dates of step 1): tell one-off items from recurring ones.", a.Label),
		de: fmt.Sprintf("für die zwei oder drei Konten mit der grössten Veränderung die Buchungen dahinter (auch für %s, mit den Daten aus Schritt 1): unterscheide Einmaliges von Wiederkehrendem.", a.Label),
	}}, r.checkBooks(b.Year))
	p.outro = r.closing(text{
		en: "Then explain: 1. the change of income, expenses and result, in CHF and percent; 2. the categories that account for most of it, largest first, each with both amounts and the difference; 3. whether it comes from one-off or recurring items; 4. a one-sentence summary.",
		de: "Erkläre dann: 1. die Veränderung von Ertrag, Aufwand und Ergebnis in CHF und Prozent; 2. die Kategorien, die den grössten Teil davon ausmachen, grösste zuerst, je mit beiden Beträgen und der Differenz; 3. ob sie von einmaligen oder wiederkehrenden Posten kommt; 4. eine Zusammenfassung in einem Satz.",
	})
	return p
}

// yearInReview plans the review of year y.
func yearInReview(r request, y int) plan {
	p := plan{intro: text{
		en: fmt.Sprintf("Write a review of the year %d for %q.", y, r.mandator),
		de: fmt.Sprintf("Schreibe einen Jahresrückblick %d für %q.", y, r.mandator),
	}}
	if y == r.now.Year() {
		p.intro.en += fmt.Sprintf(" The year %d is not over: its figures are the year to date.", y)
		p.intro.de += fmt.Sprintf(" Das Jahr %d ist nicht abgeschlossen: Die Zahlen gelten bis heute.", y)
	}
	p.intro.en += " Call the accounting tools in this order:"
	p.intro.de += " Rufe die Buchhaltungs-Tools in dieser Reihenfolge auf:"
	p.steps = append(p.steps, step{"get_balance_summary", r.scope(y), text{
		en: fmt.Sprintf("assets, liabilities and equity at the end of %d.", y),
		de: fmt.Sprintf("Aktiven, Passiven und Eigenkapital Ende %d.", y),
	}})
	var years []int
	for _, py := range []int{y - 2, y - 1} {
		if r.hasBooks(py) {
			years = append(years, py)
		}
	}
	if r.hasBooks(y - 1) {
		p.steps = append(p.steps, step{"get_balance_summary", r.scope(y - 1), text{
			en: "the same a year earlier, for the change in equity (net worth).",
			de: "dasselbe ein Jahr früher, für die Veränderung des Eigenkapitals (Vermögens).",
		}})
	}
	p.steps = append(p.steps,
		step{"get_net_worth_history", []arg{{"mandator", r.mandator}, {"fromYear", y}, {"toYear", y}}, text{
			en: "net worth at each month end: its course through the year.",
			de: "das Vermögen an jedem Monatsende: sein Verlauf über das Jahr.",
		}},
		step{"get_income_statement", r.scope(y), text{en: "income, expenses and the year's result.", de: "Ertrag, Aufwand und das Jahresergebnis."}},
	)
	current := y == r.now.Year() && r.has("forecast_year_end")
	if current {
		p.steps = append(p.steps, step{"forecast_year_end", r.scope(y), text{
			en: "where the year will end: income, expenses, result and net worth at 31 December with their interval, per category, and the recurring items still due.",
			de: "wo das Jahr enden wird: Ertrag, Aufwand, Ergebnis und Vermögen per 31. Dezember mit ihrem Intervall, pro Kategorie, und die noch fälligen wiederkehrenden Posten.",
		}})
	}
	p.steps = append(p.steps,
		step{"get_expenses_by_category", r.scope(y), text{en: "where the money went, largest category first.", de: "wohin das Geld ging, grösste Kategorie zuerst."}},
	)
	cashArgs := r.scope(y)
	if r.has("get_transactions") {
		cashArgs = append(cashArgs, arg{"interval", "quarter"})
	}
	p.steps = append(p.steps, step{"get_cash_flow", cashArgs, text{
		en: "cash at the start and end of the year, money in and out by category (per quarter where shown).",
		de: "flüssige Mittel zu Beginn und Ende des Jahres, Zu- und Abflüsse nach Kategorie (pro Quartal, wo angegeben).",
	}})
	if len(years) > 0 {
		p.steps = append(p.steps, step{"compare_years", []arg{{"mandator", r.mandator}, {"years", append(years, y)}}, text{
			en: "the years side by side: which categories grew or shrank.",
			de: "die Jahre nebeneinander: welche Kategorien gewachsen oder geschrumpft sind.",
		}})
	}
	p.steps = append(p.steps,
		step{"get_recurring_transactions", r.scope(y), text{
			en: "recurring payments (subscriptions, standing orders, yearly bills) that are new, changed or stopped this year.",
			de: "wiederkehrende Zahlungen (Abos, Daueraufträge, Jahresrechnungen), die dieses Jahr neu, verändert oder weggefallen sind.",
		}},
		step{"list_accounts", r.scope(y), text{en: "each account's balance at the end of the year.", de: "der Saldo jedes Kontos am Jahresende."}},
		step{"find_unusual_transactions", append(r.scope(y), arg{"limit", 10}), text{
			en: "the year's unusual items, each with its reason and what was usual.",
			de: "die Auffälligkeiten des Jahres, je mit Grund und dem Üblichen.",
		}},
		step{"get_transactions", append(r.scope(y), arg{"minAmount", 1000}, arg{"limit", 50}), text{
			en: "the year's large postings (CHF 1000 or more; lower minAmount if there are none): the notable events of the year.",
			de: "die grossen Buchungen des Jahres (ab CHF 1000; senke minAmount, falls es keine gibt): die besonderen Ereignisse des Jahres.",
		}},
		r.checkBooks(y),
	)
	summary := text{
		en: "Then write the review: 1. the year in one paragraph; 2. net worth: equity and its change; 3. income, expenses and result; 4. the largest categories and the biggest changes against earlier years; 5. notable items; 6. two or three observations for the coming year.",
		de: "Schreibe dann den Rückblick: 1. das Jahr in einem Absatz; 2. Vermögen: Eigenkapital und seine Veränderung; 3. Ertrag, Aufwand und Ergebnis; 4. die grössten Kategorien und die stärksten Veränderungen gegenüber früheren Jahren; 5. Besonderes; 6. zwei oder drei Beobachtungen für das kommende Jahr.",
	}
	if current {
		summary.en = strings.Replace(summary.en, "3. income, expenses and result;", "3. income, expenses and result so far, and the forecast for 31 December with its interval (an estimate, not a fact);", 1)
		summary.de = strings.Replace(summary.de, "3. Ertrag, Aufwand und Ergebnis;", "3. Ertrag, Aufwand und Ergebnis bis heute, und die Prognose per 31. Dezember mit Intervall (eine Schätzung, keine Tatsache);", 1)
	}
	p.outro = r.closing(summary)
	return p
}
