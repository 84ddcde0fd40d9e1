package store

import "database/sql"

// insertRaw adds a phase row behind the API's back.
func insertRaw(db *sql.DB, p Phase) (int64, error) {
	var id int64
	err := withTx(db, func(tx *sql.Tx) error {
		var err error
		id, err = insertPhase(tx, p, nil)
		return err
	})
	return id, err
}
