package mcptest

// TxRow and TxPage are the parts of a get_transactions or
// search_transactions answer the tests look at.
type TxRow struct {
	TransactionID string `json:"transactionId"`
	Year          int    `json:"year"`
	Date          string `json:"date"`
	Text          string `json:"text"`
	Value         string `json:"value"`
	Currency      string `json:"currency"`
	ValueChf      string `json:"valueChf"`
	FxRate        string `json:"fxRate"`
	RelatedParty  string `json:"relatedParty"`
}

type TxPage struct {
	Transactions []TxRow
	Total        int
	Truncated    bool
	SumChf       string
}

// Texts lists the rows as "date text", in their order.
func Texts(rows []TxRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Date+" "+r.Text)
	}
	return out
}
