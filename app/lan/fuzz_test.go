package lan

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzDecodeRequest: whatever a client sends, decoding never panics, and
// either fails with a *ProtocolError carrying a code or yields a request
// of a client type with a body of its own type that encodes again.
func FuzzDecodeRequest(f *testing.F) {
	for _, s := range []string{
		`{"v":2,"type":"join","seq":1,"body":{"seat":"france","code":"ABCD-EFGH"}}`,
		`{"v":2,"type":"join","seq":1,"body":{"token":"abc"}}`,
		`{"v":2,"type":"orders","seq":2,"body":{"phase":"S1901M","text":"A par - bur\nF bre - mao"}}`,
		`{"v":2,"type":"ready","seq":3,"body":{"phase":"S1901M","ready":true}}`,
		`{"v":2,"type":"press","seq":4,"body":{"to":["england"],"text":"hello"}}`,
		`{"v":2,"type":"adjudicate","seq":5,"body":{"phase":"S1901M"}}`,
		`{"v":2,"type":"view","seq":6,"body":{}}`,
		`{"v":2,"type":"orders","seq":1}`,
		`{"v":2,"type":"orders","seq":1,"body":null}`,
		`{"v":2,"type":"orders","seq":18446744073709551615,"body":{"phase":"S1901M","text":"\u0000"}}`,
		`{"v":2,"type":"press","seq":1,"body":{"to":[""],"text":"x"}}`,
		`[]`, `null`, `{}`, `{"v":1}`, `{"v":1,"type":"join","seq":1,"body":{"seat":"jester","code":"x"}}`, `{"v":2,"type":"orders","seq":1,"body":{"phase":"SU1901.muster@germany","text":"object"}}`, "\xff\xfe", `{"v":2,"type":"join","seq":1,"body":{"seat":"france","code":"x"}} {}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := DecodeRequest(b)
		if err != nil {
			var pe *ProtocolError
			if !errors.As(err, &pe) || pe.Code == "" {
				t.Fatalf("error without a code: %v", err)
			}
			return
		}
		if r.V != Version || r.Seq == 0 {
			t.Fatalf("accepted envelope %+v", r.Envelope)
		}
		var ok bool
		switch r.Type {
		case TypeJoin:
			_, ok = r.Body.(*Join)
		case TypeOrders:
			_, ok = r.Body.(*OrdersMsg)
		case TypeReady:
			_, ok = r.Body.(*ReadyMsg)
		case TypePress:
			_, ok = r.Body.(*PressSend)
		case TypeAdjudicate:
			_, ok = r.Body.(*AdjudicateMsg)
		}
		if !ok {
			t.Fatalf("type %q with body %T", r.Type, r.Body)
		}
		again, err := encode(r.Type, r.Seq, 0, r.Body)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := DecodeRequest(again)
		if err != nil {
			t.Fatalf("re-encoded %s: %v", again, err)
		}
		b1, _ := json.Marshal(r.Body)
		b2, _ := json.Marshal(r2.Body)
		if string(b1) != string(b2) {
			t.Fatalf("round trip: %s != %s", b1, b2)
		}
	})
}
