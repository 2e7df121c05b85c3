//! Tests of the ALS techniques: drawn and library positions, and soundness along real paths.
