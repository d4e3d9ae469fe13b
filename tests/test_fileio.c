/* Reading a user's whole file (engine/fileio.c file_read_all), the one
 * reader behind books, nets and match results. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../engine/fileio.h"
#include "suites.h"

static void write_bytes(const char *path, const char *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(read_all_whole_file_nul_terminated) {
    char path[] = "/tmp/ratnik_fileio_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_bytes(path, "ab\0cd", 5);
    char err[128] = "";
    size_t len = 0;
    char *text = file_read_all(path, 5, &len, err, sizeof err);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(len, 5);
    ck_assert_mem_eq(text, "ab\0cd", 6); /* the NUL after the last byte too */
    free(text);
    unlink(path);
}
END_TEST

START_TEST(read_all_refuses_a_file_over_the_limit) {
    char path[] = "/tmp/ratnik_fileio_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_bytes(path, "abcdef", 6);
    char err[128] = "";
    size_t len = 99;
    ck_assert_ptr_null(file_read_all(path, 5, &len, err, sizeof err));
    ck_assert_msg(strstr(err, "6 bytes, more than the"), "%s", err);
    ck_assert_uint_eq(len, 99); /* untouched on failure */
    unlink(path);
}
END_TEST

START_TEST(read_all_refuses_a_directory_and_a_missing_file) {
    char err[128] = "";
    size_t len;
    ck_assert_ptr_null(file_read_all("/tmp", 1 << 20, &len, err, sizeof err));
    ck_assert_str_eq(err, "is a directory");
    ck_assert_ptr_null(file_read_all("/nonexistent/ratnik.bin", 1 << 20, &len, err, sizeof err));
    ck_assert_str_eq(err, "No such file or directory");
}
END_TEST

Suite *suite_fileio(void) {
    Suite *s = suite_create("fileio");
    TCase *tc = tcase_create("read_all");
    tcase_add_test(tc, read_all_whole_file_nul_terminated);
    tcase_add_test(tc, read_all_refuses_a_file_over_the_limit);
    tcase_add_test(tc, read_all_refuses_a_directory_and_a_missing_file);
    suite_add_tcase(s, tc);
    return s;
}
