SELECT COUNT(*) FROM customers WHERE city = 'Dublin'	shop
SELECT name FROM products WHERE category = 'tools'	shop
SELECT price FROM products WHERE name = 'Big game 26'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Lyon'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'garden' AND T1.year = 2023	shop
SELECT name FROM products WHERE category = 'books' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'books' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Porto'	shop
SELECT COUNT(*) FROM students WHERE city = 'Valencia'	school
SELECT title FROM courses WHERE department = 'physics'	school
SELECT credits FROM courses WHERE title = 'Topics in art'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Topics in history'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2022	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in history' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'travel'	library
SELECT name FROM authors WHERE country = 'Brazil'	library
SELECT pages FROM books WHERE title = 'The River 1'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Porto' AND year = 2022	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 51'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'India'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'fantasy' AND T1.branch_city = 'Bergen'	library
SELECT COUNT(*) FROM customers WHERE city = 'Oslo'	shop
SELECT name FROM products WHERE category = 'garden'	shop
SELECT price FROM products WHERE name = 'Small sport 38'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.name = 'Fast tool 47'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Leeds'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'games' AND T1.year = 2021	shop
SELECT name FROM products WHERE category = 'sports' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'music' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Vienna'	shop
SELECT COUNT(*) FROM students WHERE city = 'Turin'	school
SELECT title FROM courses WHERE department = 'art'	school
SELECT credits FROM courses WHERE title = 'Intro to chemistry'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in chemistry'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'biology' AND T1.year = 2023	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Topics in biology' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'history'	library
SELECT name FROM authors WHERE country = 'Austria'	library
SELECT pages FROM books WHERE title = 'The Harbor 17'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Lyon' AND year = 2019	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The River 41'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Egypt'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Bergen'	library
SELECT pages FROM books WHERE title = 'The River 71'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Bergen' AND year = 2021	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.title = 'The Bridge 90'	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Ghana'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'travel' AND T1.branch_city = 'Vienna'	library
SELECT COUNT(*) FROM customers WHERE city = 'Lyon'	shop
SELECT name FROM products WHERE category = 'toys'	shop
